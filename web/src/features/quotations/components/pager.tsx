import { useTranslation } from "react-i18next";

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("quotations");
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pager.label")} className="flex items-center justify-center gap-2">
      <button type="button" className="btn btn-sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t("pager.previous")}
      </button>
      <span className="text-sm">{t("pager.position", { page: page + 1, pages })}</span>
      <button type="button" className="btn btn-sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t("pager.next")}
      </button>
    </nav>
  );
}
