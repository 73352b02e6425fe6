/**
 * Quotation Management in the dashboard (spec section 2): Received Quotations and Compare
 * Quotations tabs. Sealed bids stay out of both until they are unsealed (the server skips them).
 */
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CompareQuotations } from "./compare-quotations.tsx";
import { ReceivedQuotations } from "./received-quotations.tsx";

const TABS = ["received", "compare"] as const;
type Tab = (typeof TABS)[number];

export default function QuotationsSection() {
  const { t } = useTranslation("quotations");
  const [tab, setTab] = useState<Tab>("received");
  const baseId = useId();
  const tabId = (name: Tab) => `${baseId}-tab-${name}`;
  const panelId = (name: Tab) => `${baseId}-panel-${name}`;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); in RTL the visual order is mirrored.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length];
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <section aria-labelledby="quotations-title" className="flex flex-col gap-6">
      <div>
        <h2 id="quotations-title" className="text-2xl font-bold">{t("title")}</h2>
        <p className="text-base-content/70">{t("subtitle")}</p>
      </div>
      <div role="tablist" aria-label={t("tabs.label")} className="tabs tabs-border" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            id={tabId(name)}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={panelId(name)}
            tabIndex={tab === name ? 0 : -1}
            className={`tab ${tab === name ? "tab-active" : ""}`}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === "received" ? <ReceivedQuotations /> : <CompareQuotations />}
      </div>
    </section>
  );
}
