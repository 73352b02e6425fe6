import { useTranslation } from "react-i18next";
import { logout } from "../../auth/api/logout.ts";
import { ModalDialog } from "../../users/components/modal-dialog.tsx";

/** Spec section 2: Logout asks first, then navigates to the logout endpoint. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("profile");
  return (
    <ModalDialog open={open} title={t("logout.title")} onClose={onClose}>
      <p>{t("logout.text")}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>{t("translation:common.cancel")}</button>
        <button type="button" className="btn btn-error" onClick={logout}>{t("translation:auth.logout")}</button>
      </div>
    </ModalDialog>
  );
}
