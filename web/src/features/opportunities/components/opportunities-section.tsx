/**
 * Vendor Business Opportunities (spec section 2): matching requests on one side with Upload PDF
 * Quotation (OCR) and Manual Entry, the vendor's own quotations on the other, and the Submit Quotation
 * and OCR import dialogs both open.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Opportunity, useMatchingOpportunities } from "../api/get-matching-opportunities.ts";
import { useVendorQuotations, type VendorQuotation } from "../api/get-vendor-quotations.ts";
import { MyQuotations, opportunityKey, quotationTarget } from "./my-quotations.tsx";
import { OpportunityCard } from "./opportunity-card.tsx";
import { SubmitQuotationDialog } from "./submit-quotation-dialog.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";

/** The OCR import (pdf.js among it) loads only when a vendor opens it. */
const OcrImportDialog = lazy(() => import("../../ocr/components/ocr-import-dialog.tsx"));

type Submitting = { opportunity: Opportunity; existing?: VendorQuotation };
type Importing = { opportunity: Opportunity; replacing: boolean };

/** A quotation that may still be replaced (approved and rejected ones are final). */
const replaceable = (q: VendorQuotation) => q.status === "submitted" || q.status === "under_review";

function AvailableOpportunities({ onSubmit, onImport }: {
  onSubmit: (submitting: Submitting) => void;
  onImport: (importing: Importing) => void;
}) {
  const { t } = useTranslation("opportunities");
  const query = useMatchingOpportunities();
  const mine = useVendorQuotations();
  const byTarget = new Map((mine.data ?? []).map((q) => [quotationTarget(q), q]));
  if (query.isPending) {
    return <Loading />;
  }
  if (query.isError) {
    return <LoadError message={t("loadError")} onRetry={() => void query.refetch()} />;
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
      {query.data.map((opportunity) => {
        const existing = byTarget.get(opportunityKey(opportunity));
        return (
          <OpportunityCard
            key={opportunityKey(opportunity)}
            opportunity={opportunity}
            hasQuotation={existing !== undefined}
            onManualEntry={() =>
              onSubmit({ opportunity, existing: existing && replaceable(existing) ? existing : undefined })}
            onUploadPdf={() => onImport({ opportunity, replacing: existing !== undefined && replaceable(existing) })}
          />
        );
      })}
    </div>
  );
}

export default function OpportunitiesSection() {
  const { t } = useTranslation("opportunities");
  const opportunities = useMatchingOpportunities();
  const [submitting, setSubmitting] = useState<Submitting | null>(null);
  const [importing, setImporting] = useState<Importing | null>(null);
  return (
    <section aria-labelledby="opportunities-title" className="flex flex-col gap-6">
      <div>
        <h2 id="opportunities-title" className="text-2xl font-bold">{t("title")}</h2>
        <p className="text-base-content/70">{t("subtitle")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="available-title" className="flex flex-col gap-3">
          <h3 id="available-title" className="text-lg font-semibold">{t("available")}</h3>
          <AvailableOpportunities onSubmit={setSubmitting} onImport={setImporting} />
        </section>
        <section aria-labelledby="my-quotations-title" className="flex flex-col gap-3">
          <h3 id="my-quotations-title" className="text-lg font-semibold">{t("myQuotations")}</h3>
          <MyQuotations
            opportunities={opportunities.data ?? []}
            onRevise={(opportunity, existing) => setSubmitting({ opportunity, existing })}
          />
        </section>
      </div>
      {submitting && (
        <SubmitQuotationDialog
          key={opportunityKey(submitting.opportunity)}
          opportunity={submitting.opportunity}
          existing={submitting.existing}
          onClose={() => setSubmitting(null)}
        />
      )}
      {importing && (
        <Suspense fallback={<Loading />}>
          <OcrImportDialog
            key={opportunityKey(importing.opportunity)}
            opportunity={importing.opportunity}
            replacing={importing.replacing}
            onClose={() => setImporting(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
