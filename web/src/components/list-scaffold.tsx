/**
 * The frame the SPA's lists share: `ListCard` (a card with the list's title, description and
 * actions), `ListState` (the spinner while the list loads, the failure with Try again, the empty
 * note, else the list), `EmptyNote` and `ListTable` (the table with its column headings). Each list
 * passes its own strings; filters and the pager go where the list puts them.
 */
import { type ReactNode, useId } from "react";
import { LoadError, Loading } from "./load-states.tsx";

export function ListCard({ titleId, title, description, actions, children, after }: {
  /** The heading's id, when something else points at it; a generated one otherwise. */
  titleId?: string;
  title: string;
  description?: string;
  /** Beside the title: add, refresh, export... */
  actions?: ReactNode;
  children: ReactNode;
  /** After the card's body (its dialogs). */
  after?: ReactNode;
}) {
  const generated = useId();
  const id = titleId ?? generated;
  return (
    <section aria-labelledby={id} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={id} className="card-title text-xl">{title}</h2>
            {description && <p className="text-sm text-base-content/70">{description}</p>}
          </div>
          {actions}
        </div>
        {children}
      </div>
      {after}
    </section>
  );
}

/** Nothing to list: a muted note, or (`dashed`) a framed one with an optional hint under it. */
export function EmptyNote(
  { children, hint, dashed = false }: { children: ReactNode; hint?: ReactNode; dashed?: boolean },
) {
  if (!dashed) return <p className="rounded-box bg-base-200 p-6 text-center text-base-content/70">{children}</p>;
  return (
    <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
      <p className="font-medium">{children}</p>
      {hint && <p className="text-sm text-base-content/60">{hint}</p>}
    </div>
  );
}

/** The list's query as the user sees it: loading, failed (Try again refetches), empty, or `children`. */
export function ListState<D>({ query, loadingLabel, loadError, isEmpty, empty, children }: {
  query: { isPending: boolean; isError: boolean; data?: D; refetch: () => unknown };
  loadingLabel?: string;
  loadError: string;
  isEmpty: (data: D) => boolean;
  /** What an empty list shows (an EmptyNote). */
  empty: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return <LoadError message={loadError} onRetry={() => void query.refetch()} />;
  }
  return isEmpty(query.data) ? empty : children(query.data);
}

export type ListColumn = string | { label: string; end?: boolean; srOnly?: boolean };

/**
 * A list's table: the caption (for screen readers only), a heading per column (`end` aligns it to
 * the end, `srOnly` hides it from sight), the rows as children. It scrolls sideways on a narrow
 * screen; `framed` puts it in a bordered box that keyboard users can scroll (WCAG 2.1.1).
 */
export function ListTable({ caption, columns, compact = false, framed = false, busy, children }: {
  caption?: string;
  columns: ListColumn[];
  compact?: boolean;
  framed?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={framed ? "overflow-x-auto rounded-box border border-base-300 bg-base-100" : "overflow-x-auto"}
      tabIndex={framed ? 0 : undefined}
      aria-busy={busy}
    >
      <table className={compact ? "table table-sm" : "table"}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, end = false, srOnly = false } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={end ? "text-end" : undefined}>
                  {srOnly ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
