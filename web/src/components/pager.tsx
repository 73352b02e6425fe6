/**
 * The pager of the SPA's lists. Two shapes, one logic: Previous, the position ("Page 2 of 5") and
 * Next in a row; or, with a `summary` ("Showing 11–20 of 43"), the summary first and the buttons
 * joined after it. Each list names its landmark and words its position or summary; the buttons say
 * the app-wide "pager.previous" and "pager.next". With one page only the summary (if any) shows.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function Pager(
  { label, page, hasNext, onPage, position, summary, busy = false, centered = false, always = false }: {
    /** The accessible name of the navigation landmark. */
    label: string;
    /** 0-based. */
    page: number;
    hasNext: boolean;
    onPage: (page: number) => void;
    /** Between the buttons. */
    position?: ReactNode;
    /** Before the buttons, announced when it changes. */
    summary?: ReactNode;
    /** A page is loading: both buttons wait. */
    busy?: boolean;
    centered?: boolean;
    /** Keep the (disabled) buttons on a single page. */
    always?: boolean;
  },
) {
  const { t } = useTranslation();
  const single = page === 0 && !hasNext;
  if (single && !summary && !always) return null;
  const back = (className: string) => (
    <button
      type="button"
      className={className}
      disabled={page === 0 || busy}
      onClick={() => onPage(page - 1)}
    >
      {t("pager.previous")}
    </button>
  );
  const forward = (className: string) => (
    <button
      type="button"
      className={className}
      disabled={!hasNext || busy}
      onClick={() => onPage(page + 1)}
    >
      {t("pager.next")}
    </button>
  );
  if (summary === undefined) {
    return (
      <nav aria-label={label} className={`flex items-center gap-2 ${centered ? "justify-center" : "justify-between"}`}>
        {back("btn btn-sm")}
        {position !== undefined && <span className="text-sm text-base-content/70">{position}</span>}
        {forward("btn btn-sm")}
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-base-content/70" aria-live="polite">{summary}</span>
      {(!single || always) && (
        <div className="join">
          {back("btn btn-sm join-item")}
          {position !== undefined && (
            <span className="btn btn-sm join-item pointer-events-none" aria-current="page">{position}</span>
          )}
          {forward("btn btn-sm join-item")}
        </div>
      )}
    </nav>
  );
}
