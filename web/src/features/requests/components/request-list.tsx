import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { type PurchaseRequestSummary, usePurchaseRequests } from "../api/get-purchase-requests.ts";
import type { ListFilters } from "./request-filters.tsx";
import type { RequestAction } from "./request-actions.tsx";
import { RequestCard } from "./request-card.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";
import { formatNumber } from "../../../lib/format.ts";

export const PAGE_SIZE = 10;

/** One server page of request cards, with the empty and error states of spec section 2 and a pager. */
export function RequestList({ filters, page, onPageChange, onAction }: {
  filters: ListFilters;
  page: number;
  onPageChange: (page: number) => void;
  onAction: (action: RequestAction, pr: PurchaseRequestSummary) => void;
}) {
  const { t, i18n } = useTranslation("requests");
  const list = usePurchaseRequests({ ...filters, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  // Through the shared helper: a language Intl lacks (Dhivehi) gets Western digits, not the host's locale.
  const number = { format: (value: number) => formatNumber(value, i18n.language) };

  return (
    <ListState
      query={list}
      loadError={t("list.loadError")}
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyNote dashed hint={t("list.emptyHint")}>{t("list.empty")}</EmptyNote>}
    >
      {({ items, total }) => {
        const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
        const from = page * PAGE_SIZE + 1;
        const to = Math.min(total, page * PAGE_SIZE + items.length);
        return (
          <div className="flex flex-col gap-4" aria-busy={list.isPlaceholderData}>
            <div className={`grid gap-4 xl:grid-cols-2 ${list.isPlaceholderData ? "opacity-60" : ""}`}>
              {items.map((pr) => <RequestCard key={pr.id} pr={pr} onAction={onAction} />)}
            </div>
            <Pager
              label={t("list.pagination")}
              page={page}
              hasNext={page + 1 < pages}
              onPage={onPageChange}
              summary={t("list.showing", {
                from: number.format(from),
                to: number.format(to),
                total: number.format(total),
              })}
              position={t("list.pageOf", { page: number.format(page + 1), pages: number.format(pages) })}
            />
          </div>
        );
      }}
    </ListState>
  );
}
