/**
 * Vendor Management (spec section 2): live counts, the pending applications with Approve / Reject for
 * those allowed, and the approved and rejected ones on their own tabs.
 */
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VendorApplicationStatus } from "../api/get-vendor-applications.ts";
import { VendorApplicationList } from "./vendor-application-list.tsx";
import { type ScorecardComponent, ScorecardSlot } from "./scorecard-slot.ts";
import { VendorStatCards } from "./vendor-stat-cards.tsx";

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
  const tabsId = useId();
  const [tab, setTab] = useState<VendorApplicationStatus>("pending");

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); the DOM order already mirrors in RTL.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const forward = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!forward) return;
    event.preventDefault();
    const step = document.dir === "rtl" ? -forward : forward;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold">{t("title")}</h2>
        <p className="text-sm text-base-content/70">{t("description")}</p>
      </div>
      <VendorStatCards />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div role="tablist" aria-label={t("tabs.label")} className="tabs tabs-box w-fit">
            {TABS.map((value) => (
              <button
                key={value}
                id={`${tabsId}-${value}`}
                type="button"
                role="tab"
                aria-selected={tab === value}
                aria-controls={`${tabsId}-panel`}
                tabIndex={tab === value ? 0 : -1}
                className={`tab ${tab === value ? "tab-active" : ""}`}
                onClick={() => setTab(value)}
                onKeyDown={onTabKey}
              >
                {t(`tabs.${value}`)}
              </button>
            ))}
          </div>
          <div
            id={`${tabsId}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabsId}-${tab}`}
            className="flex flex-col gap-3"
          >
            <h3 className="card-title">{t(`listTitle.${tab}`)}</h3>
            <VendorApplicationList key={tab} status={tab} />
          </div>
        </div>
      </div>
    </section>
  );
}
