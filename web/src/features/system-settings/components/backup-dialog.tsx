import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { PasswordField } from "../../../components/form-field.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { MIN_BACKUP_PASSPHRASE } from "../../../../../src/shared/schemas/system-settings.ts";
import { useBackupDatabase } from "../api/backup-database.ts";

/**
 * Asks for the passphrase the archive is encrypted with (twice), then downloads it. The passphrase
 * never stays anywhere: without it the backup cannot be restored (docs/decisions/020).
 */
export function BackupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("system-settings");
  const backup = useBackupDatabase();
  const [passphrase, setPassphrase] = useState("");
  const [repeat, setRepeat] = useState("");
  const [tried, setTried] = useState(false);
  const close = () => {
    setPassphrase("");
    setRepeat("");
    setTried(false);
    onClose();
  };
  const tooShort = passphrase.length < MIN_BACKUP_PASSPHRASE;
  const differ = repeat !== passphrase;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (tooShort || differ || backup.isPending) return;
    backup.mutate({ passphrase }, {
      onSuccess: () => {
        toast({
          variant: "success",
          title: t("maintenance.backupCreated"),
          description: t("maintenance.backupCreatedDescription"),
        });
        close();
      },
      onError: (error) => toastError(error, t("maintenance.backupFailed")),
    });
  };
  return (
    <ModalDialog open={open} title={t("backup.title")} onClose={close}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm">{t("backup.explain")}</p>
        <PasswordField
          label={t("backup.passphrase")}
          hint={t("backup.passphraseHint", { min: MIN_BACKUP_PASSPHRASE })}
          error={tried && tooShort ? t("backup.tooShort", { min: MIN_BACKUP_PASSPHRASE }) : undefined}
          inputClassName="input input-bordered w-full"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
        <PasswordField
          label={t("backup.repeat")}
          error={tried && differ ? t("backup.differ") : undefined}
          inputClassName="input input-bordered w-full"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <div role="note" className="alert alert-warning alert-soft text-sm">{t("backup.keepSafe")}</div>
        <FormActions
          label={t("backup.download")}
          pendingLabel={t("maintenance.backingUp")}
          pending={backup.isPending}
          onCancel={close}
        />
      </form>
    </ModalDialog>
  );
}
