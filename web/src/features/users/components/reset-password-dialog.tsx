import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import type { AdminUser } from "../../../hooks/use-users.ts";
import { useResetUserPassword } from "../api/reset-user-password.ts";
import { CopyButton } from "../../../components/copy-button.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { ModalDialog } from "../../../components/modal-dialog.tsx";

/**
 * Confirm, then show the random temporary password the server generated. It is shown this once
 * (the server keeps only its hash), so the dialog offers a copy button.
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation("users");
  const reset = useResetUserPassword();
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const close = () => {
    setTemporaryPassword(null);
    reset.reset();
    onClose();
  };
  const confirm = () => {
    if (!user || reset.isPending) return;
    reset.mutate(user.id, {
      onSuccess: (result) => {
        setTemporaryPassword(result.temporaryPassword);
        toast({ variant: "success", title: t("toast.successTitle"), description: t("toast.passwordReset") });
      },
      onError: (error) =>
        toastError(error, t("toast.errorTitle"), { fallback: t("toast.resetFailed"), withReason: true }),
    });
  };
  const name = user ? isolate(`${user.firstName} ${user.lastName}`.trim() || user.email) : "";

  return (
    <ModalDialog
      open={!!user}
      title={temporaryPassword ? t("reset.doneTitle") : t("reset.title")}
      onClose={close}
    >
      {temporaryPassword
        ? (
          <div className="flex flex-col gap-4">
            <p>{t("reset.doneText", { name })}</p>
            <div className="flex flex-wrap items-center gap-3 rounded-box bg-base-200 p-3">
              <code dir="ltr" className="select-all font-mono text-lg tracking-wider" data-testid="temporary-password">
                {temporaryPassword}
              </code>
              <CopyButton text={temporaryPassword} />
            </div>
            <div role="note" className="alert alert-warning alert-soft text-sm">{t("reset.onceNote")}</div>
            <div className="modal-action">
              <button type="button" className="btn btn-primary" onClick={close}>{t("reset.done")}</button>
            </div>
          </div>
        )
        : (
          <div className="flex flex-col gap-4">
            <p>{t("reset.confirmText", { name })}</p>
            <p className="text-sm text-base-content/70">{t("reset.confirmNote")}</p>
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={close}>{t("translation:common.cancel")}</button>
              <button type="button" className="btn btn-warning" onClick={confirm} disabled={reset.isPending}>
                {reset.isPending ? t("reset.resetting") : t("reset.confirm")}
              </button>
            </div>
          </div>
        )}
    </ModalDialog>
  );
}
