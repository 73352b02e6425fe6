import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/load-states.tsx";
import { serverMessage } from "../../../lib/error-toast.ts";
import { useCan } from "../../../lib/authorization.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { useQuotation } from "../api/get-quotation.ts";
import { quotationPdfUrl } from "../api/get-quotation-pdf.ts";
import { AttachmentLinks } from "./attachment-links.tsx";
import { EvaluationForm } from "./evaluation-form.tsx";
import { useFormat } from "./format.ts";
import { ItemsTable } from "./items-table.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { DeadlineTime } from "../../../components/deadline-time.tsx";
import { DocumentHistory } from "../../../components/document-history.tsx";
import { quotationsQueryKey } from "../../../lib/query-keys.ts";
import { isOpenForDecision } from "./quotation-card.tsx";
import { QuotationStatusBadge } from "./status-badge.tsx";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Everything about one quotation, its revision history, and the technical score for evaluators. */
export function QuotationDetailsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const canEdit = useCan("quotations.edit");
  const query = useQuotation(id);
  const q = query.data;

  let body: ReactNode;
  if (query.isPending) {
    body = <Loading />;
  } else if (query.isError || !q) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        {serverMessage(query.error) ?? t("details.loadError")}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field label={t("details.request")}>
            <span className="font-mono" dir="ltr">{q.requestNumber}</span>
          </Field>
          <Field label={t("card.vendor")}>
            <bdi dir="auto">{q.vendorName}</bdi>
          </Field>
          <Field label={t("details.status")}>
            <QuotationStatusBadge status={q.status} />
          </Field>
          <Field label={t("card.submitted")}>{format.dateTime(q.submittedAt)}</Field>
          <Field label={t("card.totalAmount")}>
            <span className="font-semibold">{format.money(q.totalAmount, q.currency)}</span>
          </Field>
          <Field label={t("details.revisionLabel")}>{t("card.revision", { revision: q.revision })}</Field>
          <Field label={t("details.validity")}>
            {format.days(q.validityDays)} · <DeadlineTime value={q.validUntil} />{" "}
            {q.expired && <span className="badge badge-error badge-sm">{t("card.expired")}</span>}
          </Field>
          <Field label={t("details.leadTime")}>
            {q.leadTimeDays === null ? "-" : format.days(q.leadTimeDays)}
          </Field>
          <Field label={t("details.technicalScore")}>
            {q.technicalScore === null ? t("details.notScored") : format.number(q.technicalScore, 2)}
          </Field>
          <Field label={t("details.source")}>{t(`source.${q.source === "ocr" ? "ocr" : "manual"}`)}</Field>
        </dl>
        {q.notes && (
          <div>
            <h4 className="text-sm text-base-content/60">{t("details.notes")}</h4>
            <p className="whitespace-pre-line break-words" dir="auto">{q.notes}</p>
          </div>
        )}
        {q.reviewComment && (
          <div>
            <h4 className="text-sm text-base-content/60">{t("details.reviewComment")}</h4>
            <p className="whitespace-pre-line break-words">{q.reviewComment}</p>
          </div>
        )}
        <ItemsTable
          items={q.items}
          currency={q.currency}
          showNotes
          caption={t("card.itemsCaption", { vendor: isolate(q.vendorName), title: isolate(q.purchaseRequestTitle) })}
        />
        <AttachmentLinks attachments={q.attachments} />
        {q.revisions.length > 0 && (
          <div>
            <h4 className="mb-1 font-semibold">{t("details.history")}</h4>
            <ul className="flex flex-col gap-1 text-sm">
              {q.revisions.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2">
                  <span>{t("card.revision", { revision: r.revision })}</span>
                  <span>{format.dateTime(r.submittedAt)}</span>
                  <span>
                    {r.totalAmount === null ? t("details.sealedAmount") : format.money(r.totalAmount, q.currency)}
                  </span>
                  <span className="badge badge-ghost badge-sm">
                    {t(`status.${r.status}`, { defaultValue: r.status })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {canEdit && isOpenForDecision(q.status) && <EvaluationForm quotationId={q.id} score={q.technicalScore} />}
        <DocumentHistory document="quotations" id={q.id} queryRoot={[...quotationsQueryKey, "detail", q.id]} />
      </div>
    );
  }

  return (
    <Modal
      size="lg"
      title={q ? t("details.title", { title: isolate(q.purchaseRequestTitle) }) : t("details.titleLoading")}
      onClose={onClose}
      footer={q && <a className="btn btn-outline" href={quotationPdfUrl(q.id)} download>{t("actions.downloadPdf")}</a>}
    >
      {body}
    </Modal>
  );
}
