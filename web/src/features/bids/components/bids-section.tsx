/**
 * Bid Request Management (spec section 2): live summary cards, the Active / Drafts / Completed tabs
 * with their tables, the details dialog with the status actions, and the five-tab Create Bid Request
 * dialog (also used to convert a purchase request).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { canCreateBids } from "../../../../../src/shared/permissions.ts";
import { BID_GROUPS, type BidStatus } from "../../../../../src/shared/status/bid-request.ts";
import { useRole } from "../../../lib/authorization.tsx";
import { useOpenParam } from "../../../hooks/use-open-param.ts";
import { TabList, TabPanel, useTabs } from "../../../components/tabs.tsx";
import { useBidRequestStats } from "../api/get-bid-request-stats.ts";
import type { BidGroup } from "../api/get-bid-requests.ts";
import { BidDetailsDialog } from "./bid-details-dialog.tsx";
import { BidStats } from "./bid-stats.tsx";
import { BidTable } from "./bid-table.tsx";
import { CreateBidDialog } from "./create-bid-dialog.tsx";
import type { BidComparison } from "./received-bids.tsx";

const TABS = ["active", "drafts", "completed"] as const satisfies readonly BidGroup[];
const STAT_OF_TAB = { active: "active", drafts: "drafts", completed: "completed" } as const;

function groupOf(status: BidStatus): BidGroup {
  return TABS.find((group) => (BID_GROUPS[group] as readonly BidStatus[]).includes(status)) ?? "active";
}

/** `Comparison` is the quotations feature's matrix for one bid, handed in by the app (web/src/app/sections/bids.tsx). */
export default function BidsSection({ Comparison }: { Comparison: BidComparison }) {
  const { t, i18n } = useTranslation("bids");
  const role = useRole();
  const stats = useBidRequestStats();
  const baseId = useId();
  const tabs = useTabs(TABS, "active");
  const [viewing, setViewing] = useState<number | null>(null);
  // A link naming a bid (the inbox's) opens its details.
  const clearOpen = useOpenParam(setViewing);
  const [creating, setCreating] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${baseId}-title`} className="text-2xl font-bold">{t("title")}</h2>
          <p className="text-base-content/70">{t("subtitle")}</p>
        </div>
        {canCreateBids(role) && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <span aria-hidden="true">+</span>
            {t("actions.create")}
          </button>
        )}
      </div>

      <BidStats />

      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-4">
          <TabList
            {...tabs}
            label={t("tabs.label")}
            single
            className="w-fit"
            tabClassName="gap-2"
            tabLabel={(name) => (
              <>
                {t(`tabs.${name}`)}
                {stats.data && (
                  <span className="badge badge-sm badge-ghost tabular-nums">
                    {number.format(stats.data[STAT_OF_TAB[name]])}
                  </span>
                )}
              </>
            )}
          />
          <TabPanel id={tabs.id} current={tabs.current}>
            <BidTable key={tabs.current} group={tabs.current} onView={(bid) => setViewing(bid.id)} />
          </TabPanel>
        </div>
      </div>

      {viewing !== null && (
        <BidDetailsDialog
          id={viewing}
          onClose={() => {
            setViewing(null);
            clearOpen();
          }}
          Comparison={Comparison}
        />
      )}
      {creating && (
        <CreateBidDialog
          onClose={() => setCreating(false)}
          onCreated={(status) => tabs.onSelect(groupOf(status))}
        />
      )}
    </section>
  );
}
