import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { logout } from "../../../lib/logout.ts";

/** Spec section 2: Logout asks first, then signs out (a POST that ends the session) and goes home. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("profile");
  if (!open) return null;
  return (
    <ConfirmDialog
      tone="error"
      title={t("logout.title")}
      confirmLabel={t("translation:auth.logout")}
      onConfirm={logout}
      onClose={onClose}
    >
      <p>{t("logout.text")}</p>
    </ConfirmDialog>
  );
}
