import { useTranslation } from "react-i18next";
import { DeadlineTime } from "../../../components/deadline-time.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { type BidGroup, type BidRequestListRow, useBidRequests } from "../api/get-bid-requests.ts";
import { BiddingModeBadge, BidStatusBadge, SubmissionCount } from "./bid-badges.tsx";
import { formatDate, formatMoney } from "../../../lib/format.ts";
import { ActionButton } from "../../../components/action-button.tsx";

/** One tab's table (Active, Drafts or Completed), newest first, a page at a time ("Show more"). */
export function BidTable({ group, onView }: { group: BidGroup; onView: (bid: BidRequestListRow) => void }) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const query = useBidRequests(group);

  const items = query.bids;
  return (
    <ListState
      query={query}
      loadingLabel={t("list.loading")}
      loadError={t("list.loadError")}
      isEmpty={() => items.length === 0}
      empty={<EmptyNote>{t(`list.empty.${group}`)}</EmptyNote>}
    >
      {(data) => (
        <div className="flex flex-col gap-2">
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-sm [&_thead_th]:whitespace-normal">
              <caption className="sr-only">{t(`tabs.${group}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.title")}</th>
                  <th scope="col">{t("columns.mode")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <th scope="col">{t("columns.biddingDeadline")}</th>
                  <th scope="col">{t("columns.projectDeadline")}</th>
                  <th scope="col" className="text-end">{t("columns.budget")}</th>
                  <th scope="col">{t("columns.submissions")}</th>
                  <th scope="col" className="text-end">{t("columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((bid) => (
                  <tr key={bid.id}>
                    <th scope="row" className="min-w-44 font-medium break-words">
                      <span className="block" dir="auto">{bid.title}</span>
                      <span className="block font-mono text-xs font-normal text-base-content/60" dir="ltr">
                        {bid.bidNumber}
                      </span>
                    </th>
                    <td>
                      <BiddingModeBadge mode={bid.biddingMode} />
                    </td>
                    <td>
                      <BidStatusBadge status={bid.status} />
                    </td>
                    <td className="min-w-40">
                      <DeadlineTime value={bid.biddingDeadline} live={bid.status === "bidding_open"} />
                    </td>
                    <td className="whitespace-nowrap">{formatDate(bid.deadline, lang, { utc: true })}</td>
                    <td className="text-end whitespace-nowrap tabular-nums">
                      {formatMoney(bid.estimatedBudget, lang)}
                    </td>
                    <td className="whitespace-nowrap">
                      <SubmissionCount bid={bid} />
                    </td>
                    <td className="text-end">
                      <ActionButton
                        label={t("list.view")}
                        className="btn btn-ghost btn-sm"
                        name={t("list.viewNamed", { number: isolate(bid.bidNumber) })}
                        onClick={() => onView(bid)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage && (
            <button
              type="button"
              className="btn btn-ghost btn-sm self-center"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t("list.loadMore", { shown: items.length, total: data.pages[0].total })}
            </button>
          )}
        </div>
      )}
    </ListState>
  );
}
