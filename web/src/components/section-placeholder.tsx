import { useTranslation } from "react-i18next";

/** Stand-in body of a dashboard section that a later release builds. */
export function SectionPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="section-title" className="card bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 id="section-title" className="card-title text-xl">{title}</h2>
        <p className="text-base-content/70">{t("dashboard.comingLater")}</p>
      </div>
    </section>
  );
}
