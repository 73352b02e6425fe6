/**
 * The pager of the SPA's lists. Two shapes, one logic: Previous, the position ("Page 2 of 5") and
 * Next in a row; or, with a `summary` ("Showing 11–20 of 43"), the summary first and the buttons
 * joined after it. Each list passes its own strings as `text`, each a literal t() of its key at the call
 * site so the locales test checks that key. With one page only the summary (if any) shows.
 */
import type { ReactNode } from "react";

export function Pager(
  { text, page, hasNext, onPage, position, summary, busy = false, centered = false, always = false }: {
    /** The accessible name of the navigation landmark (label) and the two buttons' text. */
    text: { label: string; previous: string; next: string };
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
  const { label, previous, next } = text;
  const single = page === 0 && !hasNext;
  if (single && !summary && !always) return null;
  const back = (className: string) => (
    <button
      type="button"
      className={className}
      disabled={page === 0 || busy}
      onClick={() => onPage(page - 1)}
    >
      {previous}
    </button>
  );
  const forward = (className: string) => (
    <button
      type="button"
      className={className}
      disabled={!hasNext || busy}
      onClick={() => onPage(page + 1)}
    >
      {next}
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
