/**
 * Vendor Business Opportunities (spec section 2): matching purchase requests on one side, the
 * vendor's own quotations on the other (filled by the quotations release).
 */
import { useTranslation } from "react-i18next";
import { useMatchingOpportunities } from "../api/get-matching-opportunities.ts";
import { OpportunityCard } from "./opportunity-card.tsx";

function AvailableOpportunities() {
  const { t } = useTranslation("opportunities");
  const query = useMatchingOpportunities();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="sr-only">{t("translation:common.loading")}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
        <span>{t("loadError")}</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          {t("translation:common.retry")}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
        <p className="font-medium">{t("empty")}</p>
        <p className="text-sm text-base-content/60">{t("emptyHint")}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {query.data.map((opportunity) => (
        <OpportunityCard key={`${opportunity.kind}-${opportunity.id}`} opportunity={opportunity} />
      ))}
    </div>
  );
}

export default function OpportunitiesSection() {
  const { t } = useTranslation("opportunities");
  return (
    <section aria-labelledby="opportunities-title" className="flex flex-col gap-6">
      <div>
        <h2 id="opportunities-title" className="text-2xl font-bold">{t("title")}</h2>
        <p className="text-base-content/70">{t("subtitle")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="available-title" className="flex flex-col gap-3">
          <h3 id="available-title" className="text-lg font-semibold">{t("available")}</h3>
          <AvailableOpportunities />
        </section>
        <section aria-labelledby="my-quotations-title" className="flex flex-col gap-3">
          <h3 id="my-quotations-title" className="text-lg font-semibold">{t("myQuotations")}</h3>
          <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
            <p className="font-medium">{t("noQuotations")}</p>
          </div>
        </section>
      </div>
    </section>
  );
}
