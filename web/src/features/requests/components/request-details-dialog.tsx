import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/load-states.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { type PurchaseRequestDetail, usePurchaseRequest } from "../api/get-purchase-request.ts";
import { formatDate, formatMoney } from "../../../lib/format.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { DocumentHistory } from "../../../components/document-history.tsx";
import { purchaseRequestQueryKey } from "../../../hooks/purchase-request-detail.ts";
import { type RequestAction, RequestActions, type RequestRef } from "./request-actions.tsx";
import { RequestItemsTable } from "./request-items-table.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** Approvals given since the request last entered pending (a resubmitted request starts over). */
function approvalsGiven(pr: PurchaseRequestDetail): number {
  let count = 0;
  for (const event of pr.history) {
    if (event.action === "approved") count++;
    else if (event.toStatus === "pending") count = 0;
  }
  return count;
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children || "-"}</dd>
    </div>
  );
}

export function RequestDetailsDialog({ id, onClose, onAction }: {
  id: number;
  onClose: () => void;
  onAction: (action: RequestAction, pr: RequestRef) => void;
}) {
  const { t, i18n } = useTranslation("requests");
  const lang = i18n.language;
  const query = usePurchaseRequest(id);
  const pr = query.data;
  return (
    <Modal
      size="lg"
      title={pr ? pr.title : t("details.title")}
      onClose={onClose}
      footer={pr && <RequestActions pr={pr} exclude={["view"]} onAction={(action) => onAction(action, pr)} />}
    >
      {query.isPending && <Loading />}
      {query.isError && <div role="alert" className="alert alert-error alert-soft">{t("details.loadError")}</div>}
      {pr && (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm" dir="ltr">{pr.requestId}</span>
            <StatusBadge status={pr.status} />
            {pr.category && <span className="badge badge-outline badge-primary" dir="auto">{pr.category.name}</span>}
          </div>
          {pr.status === "rejected" && pr.rejectionReason && (
            <div role="note" className="alert alert-error alert-soft">
              <span>
                <strong>{t("fields.rejectionReason")}:</strong> {pr.rejectionReason}
              </span>
            </div>
          )}
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Field label={t("fields.description")} wide>
              <span dir="auto">{pr.description}</span>
            </Field>
            <Field label={t("fields.justification")} wide>
              <span dir="auto">{pr.justification}</span>
            </Field>
            <Field label={t("fields.department")}>
              <span dir="auto">{pr.department}</span>
            </Field>
            <Field label={t("fields.priority")}>{t(`priority.${pr.priority}`, { defaultValue: pr.priority })}</Field>
            <Field label={t("fields.requestType")}>
              {t(`requestType.${pr.requestType}`, { defaultValue: pr.requestType })}
            </Field>
            <Field label={t("fields.biddingMode")}>
              {t(`biddingMode.${pr.biddingMode}`, { defaultValue: pr.biddingMode })}
            </Field>
            <Field label={t("fields.deadline")}>{formatDate(pr.deadline, lang, { utc: true })}</Field>
            <Field label={t("fields.createdAt")}>{formatDate(pr.createdAt, lang)}</Field>
            <Field label={t("fields.createdBy")}>
              {isolate(pr.createdBy.name || pr.createdBy.email)}
            </Field>
            <Field label={t("fields.estimatedBudget")}>{formatMoney(pr.estimatedBudget, lang)}</Field>
            <Field label={t("fields.approvalRequired")}>
              {pr.approvalRequired ? t("form.required") : t("form.notRequired")}
            </Field>
            <Field label={t("fields.approvals")}>
              {t("details.approvalsProgress", { given: approvalsGiven(pr), required: pr.approvalsRequired })}
              {pr.approvalsRequired > 1 && (
                <span className="block text-sm text-base-content/60">{t("details.financeNeeded")}</span>
              )}
            </Field>
            <Field label={t("fields.vendorPreferences")}>{pr.vendorPreferences}</Field>
            <Field label={t("fields.internalSupplier")}>{pr.internalSupplier}</Field>
          </dl>
          <section aria-labelledby={`pr-items-${pr.id}`} className="flex flex-col gap-2">
            <h4 id={`pr-items-${pr.id}`} className="font-semibold">
              {t("list.itemsHeading", { count: pr.items.length })}
            </h4>
            <RequestItemsTable items={pr.items} estimatedBudget={pr.estimatedBudget} />
          </section>
          <DocumentHistory
            document="purchase-requests"
            id={pr.id}
            queryRoot={purchaseRequestQueryKey(pr.id)}
          />
        </div>
      )}
    </Modal>
  );
}
