import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { LanguageSelect } from "./language-select.tsx";
import { ThemeSelect } from "./theme-select.tsx";

/** Header of the signed-out pages: app name, language, theme and (optionally) Sign In. */
export function PublicHeader({ showSignIn = true }: { showSignIn?: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="navbar border-b border-base-300 bg-base-100 px-4 gap-2">
      <div className="flex-1">
        <Link href="/" className="text-lg font-bold text-base-content no-underline">{t("app.name")}</Link>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <LanguageSelect />
        <ThemeSelect />
        {showSignIn && <Link href="/login" className="btn btn-primary btn-sm">{t("auth.signIn")}</Link>}
      </div>
    </header>
  );
}
