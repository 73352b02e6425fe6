import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "../../../components/titled-card.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useCan, useRole } from "../../../lib/authorization.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { useFormat } from "../../../lib/format.ts";
import {
  PURCHASE_ORDER_TRANSITIONS,
  RECEIVABLE_STATUSES,
  RECEIVED_STATUSES,
  toThousandths,
} from "../../../../../src/shared/schemas/purchase-orders.ts";
import {
  type PurchaseOrder,
  purchaseOrderKey,
  purchaseOrderPdfUrl,
  usePurchaseOrder,
} from "../api/get-purchase-order.ts";
import { useExportOcds } from "../api/export-ocds.ts";
import { type DialogKind, PurchaseOrderActionDialog } from "./action-dialogs.tsx";
import { PurchaseOrderReceipts } from "./receipts.tsx";
import { DocumentHistory } from "../../../components/document-history.tsx";
import { ReceiptDialog } from "./receipt-dialog.tsx";
import { PurchaseOrderStatusBadge } from "./status-badge.tsx";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * Every line has all it ordered. Nothing is expected then, so there is no receipt to record: an
 * over-receipt after the fact is a correction the API still takes, not a delivery to offer.
 */
function everythingReceived(order: PurchaseOrder) {
  return order.lines.every((line) => toThousandths(line.received) >= BigInt(line.quantity) * 1000n);
}

/** What the reader may do now: staff by permission and status, the vendor its answer while issued. */
function Actions({ order, onOpen, onReceive }: {
  order: PurchaseOrder;
  onOpen: (kind: DialogKind) => void;
  onReceive: () => void;
}) {
  const { t } = useTranslation("purchase-orders");
  const role = useRole();
  const mayManage = useCan("purchase_orders.manage");
  const mayReceive = useCan("purchase_orders.receive");
  const moves = PURCHASE_ORDER_TRANSITIONS[order.status];
  return (
    <div className="flex flex-wrap gap-2">
      {role === "vendor" && order.status === "issued" && (
        <>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onOpen("acknowledge")}>
            {t("actions.acknowledge")}
          </button>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onOpen("decline")}>
            {t("actions.decline")}
          </button>
        </>
      )}
      {role !== "vendor" && mayReceive && RECEIVABLE_STATUSES.includes(order.status) && !everythingReceived(order) && (
        <button type="button" className="btn btn-primary btn-sm" onClick={onReceive}>{t("actions.receive")}</button>
      )}
      {role !== "vendor" && mayManage && moves.includes("closed") && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => onOpen("close")}
        >
          {t("actions.close")}
        </button>
      )}
      {role !== "vendor" && mayManage && moves.includes("cancelled") && !RECEIVED_STATUSES.includes(order.status) && (
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onOpen("cancel")}>
          {t("actions.cancel")}
        </button>
      )}
      <a className="btn btn-ghost btn-sm" href={purchaseOrderPdfUrl(order.id)} download={`${order.poNumber}.pdf`}>
        {t("detail.downloadPdf")}
      </a>
      {role !== "vendor" && <ExportOcdsButton order={order} />}
    </div>
  );
}

/**
 * The order's contracting process as OCDS (Open Contracting Data Standard) JSON, for an open
 * contracting portal: the same right as the report exports, which vendors do not hold.
 */
function ExportOcdsButton({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation("purchase-orders");
  const mayExport = useCan("reports.export");
  const ocds = useExportOcds(order.id, order.poNumber);
  if (!mayExport) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={ocds.isPending}
      onClick={() => ocds.mutate(undefined, { onError: (error) => toastError(error, t("detail.exportOcdsFailed")) })}
    >
      {ocds.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {t("detail.exportOcds")}
    </button>
  );
}

export function PurchaseOrderDetail({ id }: { id: number }) {
  const { t } = useTranslation("purchase-orders");
  const f = useFormat();
  const query = usePurchaseOrder(id);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [receiving, setReceiving] = useState(false);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError message={t("detail.loadError")} onRetry={() => void query.refetch()} />;
  const order = query.data;
  const day = (d: string | null) => (d ? f.date(d, { utc: true }) : t("detail.notSet"));
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="po-heading" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="po-heading" className="text-xl font-bold">
                {t("detail.title", { number: order.poNumber })}
              </h2>
              <PurchaseOrderStatusBadge status={order.status} />
            </div>
            <Actions order={order} onOpen={setDialog} onReceive={() => setReceiving(true)} />
          </div>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field label={t("detail.vendor")}>
              <span dir="auto">{order.vendorName}</span>
            </Field>
            <Field label={t("detail.request")}>
              {order.requestTitle} <span className="font-mono text-sm" dir="ltr">({order.requestNumber})</span>
            </Field>
            <Field label={t("detail.quotation")}>{t("detail.quotationNumber", { id: order.quotationId })}</Field>
            <Field label={t("detail.total")}>
              <span dir="ltr">{f.money(order.totalAmount, order.currency)}</span>
            </Field>
            <Field label={t("detail.issued")}>{f.date(order.createdAt)}</Field>
            <Field label={t("detail.issuedBy")}>
              <span dir="auto">{order.createdBy.name}</span>
            </Field>
            <Field label={t("detail.requestedDelivery")}>{day(order.requestedDeliveryDate)}</Field>
            <Field label={t("detail.promisedDelivery")}>{day(order.promisedDeliveryDate)}</Field>
            {order.acknowledgedAt && (
              <Field label={t("detail.acknowledgedAt")}>{f.dateTime(order.acknowledgedAt)}</Field>
            )}
            {order.declinedReason && <Field label={t("detail.declinedReason")}>{order.declinedReason}</Field>}
            {order.cancelledReason && <Field label={t("detail.cancelledReason")}>{order.cancelledReason}</Field>}
          </dl>
          {order.award !== undefined && order.award !== null && (
            <div className="rounded-box bg-base-200 p-3">
              <p className="text-sm font-medium">{t("detail.award")}</p>
              <p className="whitespace-pre-wrap">{order.award.justification || t("detail.noJustification")}</p>
              {order.award.awardedBy && (
                <p className="text-xs text-base-content/70">
                  {t("detail.awardedBy", { name: order.award.awardedBy, date: f.date(order.award.awardedAt) })}
                </p>
              )}
            </div>
          )}
        </div>
      </section>
      <TitledCard id="po-lines" title={t("lines.title")}>
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("lines.item")}</th>
                <th scope="col" className="text-end">{t("lines.ordered")}</th>
                <th scope="col" className="text-end">{t("lines.received")}</th>
                <th scope="col">{t("lines.unit")}</th>
                <th scope="col" className="text-end">{t("lines.unitPrice")}</th>
                <th scope="col" className="text-end">{t("lines.lineTotal")}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => {
                const done = Number(line.received) >= line.quantity;
                return (
                  <tr key={line.id}>
                    <td dir="auto">{line.name}</td>
                    <td className="text-end" dir="ltr">{f.number(line.quantity)}</td>
                    <td className={`text-end ${done ? "text-success" : ""}`} dir="ltr">
                      {f.number(Number(line.received), line.received.includes(".") ? 3 : 0)}
                    </td>
                    <td dir="auto">{line.unit}</td>
                    <td className="text-end" dir="ltr">{f.money(line.unitPrice, order.currency)}</td>
                    <td className="text-end" dir="ltr">{f.money(line.totalPrice, order.currency)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </TitledCard>
      {order.receipts && <PurchaseOrderReceipts receipts={order.receipts} />}
      <TitledCard id="po-history" title={t("translation:history.title")}>
        <DocumentHistory
          document="purchase-orders"
          id={order.id}
          queryRoot={purchaseOrderKey(order.id)}
          heading={false}
        />
      </TitledCard>
      <PurchaseOrderActionDialog
        kind={dialog}
        id={order.id}
        poNumber={order.poNumber}
        onClose={() => setDialog(null)}
      />
      <ReceiptDialog order={order} open={receiving} onClose={() => setReceiving(false)} />
    </div>
  );
}
