/**
 * Vendor Management (spec section 2): live counts, the pending applications with Approve / Reject for
 * those allowed, and the approved and rejected ones on their own tabs.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { VendorApplicationStatus } from "../api/get-vendor-applications.ts";
import { VendorApplicationList } from "./vendor-application-list.tsx";
import { type ScorecardComponent, ScorecardSlot } from "./scorecard-slot.ts";
import { VendorStatCards } from "./vendor-stat-cards.tsx";
import { TabList, TabPanel, useTabs } from "../../../components/tabs.tsx";

const TABS: VendorApplicationStatus[] = ["pending", "approved", "rejected"];

/** `Scorecard` (the analytics feature's vendor scorecard) comes from the app: web/src/app/vendors.tsx. */
export default function VendorsSection({ Scorecard }: { Scorecard: ScorecardComponent }) {
  return (
    <ScorecardSlot value={Scorecard}>
      <VendorsSectionBody />
    </ScorecardSlot>
  );
}

function VendorsSectionBody() {
  const { t } = useTranslation("vendors");
  const titleId = useId();
  const tabs = useTabs(TABS, "pending");

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold">{t("title")}</h2>
        <p className="text-sm text-base-content/70">{t("description")}</p>
      </div>
      <VendorStatCards />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <TabList
            {...tabs}
            label={t("tabs.label")}
            single
            className="w-fit"
            tabLabel={(value) => t(`tabs.${value}`)}
          />
          <TabPanel id={tabs.id} current={tabs.current} className="flex flex-col gap-3">
            <h3 className="card-title">{t(`listTitle.${tabs.current}`)}</h3>
            <VendorApplicationList key={tabs.current} status={tabs.current} />
          </TabPanel>
        </div>
      </div>
    </section>
  );
}
