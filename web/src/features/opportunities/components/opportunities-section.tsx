/**
 * Vendor Business Opportunities (spec section 2): matching requests on one side with Upload PDF
 * Quotation (OCR) and Manual Entry, the vendor's own quotations on the other, and the Submit Quotation
 * and OCR import dialogs both open.
 */
import { type ComponentProps, type ComponentType, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Opportunity, useMatchingOpportunities } from "../api/get-matching-opportunities.ts";
import { useQueryClient } from "@tanstack/react-query";
import { type VendorQuotation, vendorQuotationQueryOptions } from "../api/get-vendor-quotations.ts";
import { MyQuotations, opportunityKey } from "./my-quotations.tsx";
import type { PurchaseOrderComponent } from "./my-quotation-card.tsx";
import { useSubmitQuotation } from "../api/submit-quotation.ts";
import { OpportunityCard } from "./opportunity-card.tsx";
import { ShowMore } from "./show-more.tsx";
import { SubmitQuotationDialog } from "./submit-quotation-dialog.tsx";
import { FullOpportunity } from "./full-opportunity.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";
import { Loading } from "../../../components/load-states.tsx";

/**
 * The OCR feature's import dialog, as the app hands it in (lazily: pdf.js among it loads only when a
 * vendor opens it). It submits through this feature's quotation mutation.
 */
export type OcrImportComponent = ComponentType<{
  opportunity: Opportunity;
  replacing: boolean;
  onClose: () => void;
  submit: ReturnType<typeof useSubmitQuotation>;
}>;

/** One mutation per opened dialog, as when the dialog held its own. */
function OcrImport(
  { Dialog, ...props }: Omit<ComponentProps<OcrImportComponent>, "submit"> & { Dialog: OcrImportComponent },
) {
  const submit = useSubmitQuotation();
  return <Dialog {...props} submit={submit} />;
}

type Submitting = { opportunity: Opportunity; existing?: VendorQuotation };
type Importing = { opportunity: Opportunity; replacing: boolean };

/** A quotation that may still be replaced (approved and rejected ones are final). */
const replaceable = (q: { status: string }) => q.status === "submitted" || q.status === "under_review";

function AvailableOpportunities({ onSubmit, onImport }: {
  onSubmit: (submitting: Submitting) => void;
  onImport: (importing: Importing) => void;
}) {
  const { t } = useTranslation("opportunities");
  const query = useMatchingOpportunities();
  const queryClient = useQueryClient();
  return (
    <ListState
      query={query}
      loadError={t("loadError")}
      isEmpty={() => query.opportunities.length === 0}
      empty={<EmptyNote dashed hint={t("emptyHint")}>{t("empty")}</EmptyNote>}
    >
      {() => (
        <div className="flex flex-col gap-4">
          {query.opportunities.map((opportunity) => {
            // The vendor's own quotations are paged: the opportunity says which one is its current one.
            const mine = opportunity.myQuotation ?? undefined;
            const replacing = mine !== undefined && replaceable(mine);
            return (
              <OpportunityCard
                key={opportunityKey(opportunity)}
                opportunity={opportunity}
                hasQuotation={mine !== undefined}
                onManualEntry={async () => {
                  // The form starts from the quotation it replaces (if it cannot be read, from blank).
                  const existing = replacing
                    ? await queryClient.fetchQuery(vendorQuotationQueryOptions(mine.id)).catch(() => undefined)
                    : undefined;
                  onSubmit({ opportunity, existing });
                }}
                onUploadPdf={() => onImport({ opportunity, replacing })}
              />
            );
          })}
          <ShowMore query={query} shown={query.opportunities.length} />
        </div>
      )}
    </ListState>
  );
}

/** The OCR import and the vendor's purchase order view come from the app: web/src/app/sections/opportunities.tsx. */
export default function OpportunitiesSection({ OcrImportDialog, PurchaseOrder }: {
  OcrImportDialog: OcrImportComponent;
  PurchaseOrder: PurchaseOrderComponent;
}) {
  const { t } = useTranslation("opportunities");
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
            onRevise={(opportunity, existing) => setSubmitting({ opportunity, existing })}
            PurchaseOrder={PurchaseOrder}
          />
        </section>
      </div>
      {/* Both dialogs price every item: a list row holds the first three, FullOpportunity asks the rest. */}
      {submitting && (
        <FullOpportunity
          key={opportunityKey(submitting.opportunity)}
          opportunity={submitting.opportunity}
          onClose={() => setSubmitting(null)}
        >
          {(opportunity) => (
            <SubmitQuotationDialog
              opportunity={opportunity}
              existing={submitting.existing}
              onClose={() => setSubmitting(null)}
            />
          )}
        </FullOpportunity>
      )}
      {importing && (
        <FullOpportunity
          key={opportunityKey(importing.opportunity)}
          opportunity={importing.opportunity}
          onClose={() => setImporting(null)}
        >
          {(opportunity) => (
            <Suspense fallback={<Loading />}>
              <OcrImport
                Dialog={OcrImportDialog}
                opportunity={opportunity}
                replacing={importing.replacing}
                onClose={() => setImporting(null)}
              />
            </Suspense>
          )}
        </FullOpportunity>
      )}
    </section>
  );
}
