import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { SkipLink } from "./skip-link.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <main id="main" className="flex min-h-screen items-center justify-center bg-base-200 p-4">
        <div className="card w-full max-w-md bg-base-100 shadow">
          <div className="card-body items-center text-center">
            <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
            <p className="text-base-content/70">{t("notFound.description")}</p>
            <Link href="/" className="btn btn-primary mt-2">{t("notFound.goHome")}</Link>
          </div>
        </div>
      </main>
    </>
  );
}
