import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";

/** The password-change feature's form, as the app hands it in. */
export type ChangePasswordFormComponent = ComponentType<{
  userId: number | string;
  onSuccess?: () => void;
  onCancel?: () => void;
}>;

export function ChangePasswordDialog({ userId, open, onClose, Form }: {
  userId: number | string;
  open: boolean;
  onClose: () => void;
  Form: ChangePasswordFormComponent;
}) {
  const { t } = useTranslation("profile");
  return (
    <ModalDialog open={open} title={t("changePassword.title")} onClose={onClose}>
      <p className="mb-3 text-sm text-base-content/70">{t("changePassword.description")}</p>
      <Form userId={userId} onSuccess={onClose} onCancel={onClose} />
    </ModalDialog>
  );
}
