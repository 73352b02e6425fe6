import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { SkipLink } from "./skip-link.tsx";

/** Frame of the signed-in pages outside the dashboard: a way back, a title, the content. */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-base-200">
      <SkipLink />
      <header className="border-b border-base-300 bg-base-100">
        <nav aria-label={t("common.pageNavigation")} className="mx-auto flex max-w-6xl items-center gap-4 p-4">
          <Link href="/dashboard" className="btn btn-ghost btn-sm">
            <span aria-hidden="true" className="rtl:rotate-180">←</span>
            {t("common.backToDashboard")}
          </Link>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl p-4">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
