/**
 * After an administrator created the account or reset its password, the temporary password only
 * opens this page: the server answers 403 {passwordChangeRequired} to everything else until the
 * user picks a new password. Success re-reads the current user, and the dashboard appears.
 */
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "../../../components/language-select.tsx";
import { SkipLink } from "../../../components/skip-link.tsx";
import { ThemeSelect } from "../../../components/theme-select.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { type CurrentUser, userDisplayName } from "../../../hooks/use-current-user.ts";
import { logout } from "../../../lib/logout.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";

export function ForcedPasswordChangePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("password-change");
  const name = userDisplayName(user) ?? t("translation:dashboard.defaultUserName");
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <SkipLink />
      <header className="navbar gap-2 border-b border-base-300 bg-base-100 px-4">
        <p className="flex-1 text-lg font-bold">{t("translation:app.name")}</p>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <LanguageSelect />
          <ThemeSelect />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <div className="card w-full max-w-md bg-base-100 shadow-md">
          <div className="card-body gap-4">
            <div>
              <h1 className="text-2xl font-bold">{t("forced.title")}</h1>
              <p className="mt-1 text-base-content/70">{t("forced.description", { name: isolate(name) })}</p>
            </div>
            <ChangePasswordForm userId={user.id} temporary />
            <div className="divider my-0" />
            <button type="button" className="btn btn-outline" onClick={logout}>
              {t("translation:auth.logout")}
            </button>
          </div>
        </div>
      </main>
    </div>
  );
}
