import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { PasswordField, TextField } from "../../../components/form-field.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { redirectToSignIn } from "../../../lib/query-client.ts";
import { useRestoreDatabase } from "../api/restore-database.ts";

/**
 * Restore from a backup archive: the file, its passphrase, and REPLACE typed to confirm; every record
 * is replaced and everyone (this administrator included) signs in again (docs/decisions/020).
 */
export function RestoreDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("system-settings");
  const restore = useRestoreDatabase();
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState("");
  const [confirm, setConfirm] = useState("");
  const [tried, setTried] = useState(false);
  const close = () => {
    setFile(null);
    setPassphrase("");
    setConfirm("");
    setTried(false);
    onClose();
  };
  const problems = {
    file: !file ? t("restore.fileRequired") : undefined,
    passphrase: !passphrase ? t("restore.passphraseRequired") : undefined,
    confirm: confirm !== "REPLACE" ? t("restore.confirmRequired") : undefined,
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.file || problems.passphrase || problems.confirm || restore.isPending || !file) return;
    restore.mutate({ file, passphrase }, {
      onSuccess: (result) => {
        toast({ variant: "success", title: t("restore.done"), description: t("restore.doneDescription", result) });
        // The restore ended every session: sign in again.
        redirectToSignIn();
      },
      onError: (error) => toastError(error, t("restore.failed")),
    });
  };
  return (
    <ModalDialog open={open} title={t("restore.title")} onClose={close}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div role="note" className="alert alert-warning alert-soft text-sm">{t("restore.warning")}</div>
        <TextField
          label={t("restore.file")}
          error={tried ? problems.file : undefined}
          type="file"
          accept=".pbak,application/octet-stream"
          inputClassName="file-input file-input-bordered w-full"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <PasswordField
          label={t("backup.passphrase")}
          error={tried ? problems.passphrase : undefined}
          autoComplete="off"
          inputClassName="input input-bordered w-full"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
        <TextField
          label={t("restore.confirm")}
          error={tried ? problems.confirm : undefined}
          dir="ltr"
          autoComplete="off"
          inputClassName="input input-bordered w-full"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormActions
          label={t("restore.submit")}
          pendingLabel={t("restore.restoring")}
          pending={restore.isPending}
          onCancel={close}
          tone="btn-error"
        />
      </form>
    </ModalDialog>
  );
}
