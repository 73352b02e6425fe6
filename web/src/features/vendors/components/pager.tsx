import { useTranslation } from "react-i18next";

export function Pager({ page, pages, hasNext, onPage }: {
  page: number;
  pages: number | undefined;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("vendors");
  if (page === 0 && !hasNext) return null;
  return (
    <nav aria-label={t("pagination.label")} className="flex items-center justify-between gap-2">
      <button type="button" className="btn btn-sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t("pagination.previous")}
      </button>
      <span className="text-sm text-base-content/70">
        {pages !== undefined
          ? t("pagination.pageOf", { page: page + 1, pages })
          : t("pagination.page", { page: page + 1 })}
      </span>
      <button type="button" className="btn btn-sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t("pagination.next")}
      </button>
    </nav>
  );
}
