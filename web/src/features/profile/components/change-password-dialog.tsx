import { useTranslation } from "react-i18next";
import { ChangePasswordForm } from "../../password-change/components/change-password-form.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";

export function ChangePasswordDialog({ userId, open, onClose }: {
  userId: number | string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("profile");
  return (
    <ModalDialog open={open} title={t("changePassword.title")} onClose={onClose}>
      <p className="mb-3 text-sm text-base-content/70">{t("changePassword.description")}</p>
      <ChangePasswordForm userId={userId} onSuccess={onClose} onCancel={onClose} />
    </ModalDialog>
  );
}
