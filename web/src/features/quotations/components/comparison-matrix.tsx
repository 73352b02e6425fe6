/**
 * The comparison matrix: one row per requested item, one column per quotation (in rank order), the
 * lowest unit price per item and the lowest total flagged, then validity, lead time, scores, rank
 * and an Award button per column. A sealed bid answers 409: its server message is shown.
 */
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { serverMessage } from "../../../lib/error-toast.ts";
import { useCan } from "../../../lib/authorization.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { useAwardQuotation } from "../api/award-quotation.ts";
import { type ComparisonColumn, type RequestKind, useComparison } from "../api/get-comparison.ts";
import { AwardConfirmDialog } from "./award-confirm-dialog.tsx";
import { ExtensionRequest } from "./extension-request.tsx";
import { useFormat } from "./format.ts";
import { LowestMark } from "./lowest-mark.tsx";
import { isOpenForDecision } from "./quotation-card.tsx";
import { QuotationStatusBadge } from "./status-badge.tsx";
import { ActionButton } from "../../../components/action-button.tsx";

const CLOSED_REQUEST = ["awarded", "completed", "cancelled"];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" colSpan={2} className="text-start">{label}</th>
      {children}
    </tr>
  );
}

export function ComparisonMatrix({ kind, id }: { kind: RequestKind; id: number }) {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const canAward = useCan("quotations.edit");
  const query = useComparison({ kind, id });
  const award = useAwardQuotation();
  const [awarding, setAwarding] = useState<ComparisonColumn | null>(null);

  if (query.isPending) return <Loading />;
  if (query.isError) {
    const message = serverMessage(query.error);
    // 409 is the seal (or another state rule): the server's own words, no retry offered.
    if (message) return <div role="alert" className="alert alert-warning alert-soft">{message}</div>;
    return <LoadError message={t("loadError")} onRetry={() => void query.refetch()} />;
  }
  const { request, quotations, rows } = query.data;
  const combined = request.evaluationMethod === "combined_scoring";
  const open = !CLOSED_REQUEST.includes(request.status);
  const headingId = `comparison-${kind}-${id}`;

  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="card-title text-base break-words" dir="auto">{request.title}</h3>
            <p className="font-mono text-sm text-base-content/70" dir="ltr">{request.number}</p>
          </div>
          <span className="badge badge-ghost">
            {t(`requestStatus.${request.status}`, { defaultValue: request.status })}
          </span>
        </div>
        <p className="text-sm">
          <span className="text-base-content/60">{t("compare.method")}:</span>{" "}
          <span className="font-medium">{t(`method.${request.evaluationMethod}`)}</span>
          {combined && (
            <span>
              {" · "}
              {t("compare.weights", { price: request.priceWeight, technical: request.technicalWeight })}
            </span>
          )}
        </p>
        {quotations.length === 0
          ? <p className="text-base-content/70">{t("compare.noQuotations")}</p>
          : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">{t("compare.caption", { title: isolate(request.title) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("items.item")}</th>
                    <th scope="col" className="text-end">{t("items.quantity")}</th>
                    {quotations.map((col) => (
                      <th key={col.id} scope="col" className="min-w-40 align-top">
                        <bdi className="block break-words" dir="auto">{col.vendorName}</bdi>
                        <span className="mt-1 flex flex-wrap gap-1 font-normal">
                          <QuotationStatusBadge status={col.status} />
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.itemId}>
                      <th scope="row" className="break-words font-normal" dir="auto">{row.name}</th>
                      <td className="text-end whitespace-nowrap">
                        {format.number(row.quantity)}{" "}
                        <span className="text-base-content/60" dir="auto">{row.unit}</span>
                      </td>
                      {row.cells.map((cell, n) =>
                        cell
                          ? (
                            <td
                              key={quotations[n].id}
                              className={cell.isLowestUnitPrice ? "bg-success/10" : undefined}
                            >
                              <span className="flex items-center gap-1 font-medium">
                                {format.money(cell.unitPrice, quotations[n].currency)}
                                {cell.isLowestUnitPrice && <LowestMark label={t("compare.lowestUnitPrice")} />}
                              </span>
                              <span className="block text-xs text-base-content/60">
                                {t("compare.lineTotal", {
                                  value: isolate(format.money(cell.lineTotal, quotations[n].currency)),
                                })}
                              </span>
                            </td>
                          )
                          : (
                            <td key={quotations[n].id}>
                              <span aria-hidden="true">–</span>
                              <span className="sr-only">{t("compare.notQuoted")}</span>
                            </td>
                          )
                      )}
                    </tr>
                  ))}
                </tbody>
                <tbody className="border-t-2 border-base-300">
                  <Row label={t("compare.total")}>
                    {quotations.map((col) => (
                      <td key={col.id} className={col.isLowestTotal ? "bg-success/10" : undefined}>
                        <span className="flex items-center gap-1 font-semibold">
                          {format.money(col.totalAmount, col.currency)}
                          {col.isLowestTotal && <LowestMark label={t("compare.lowestTotal")} />}
                        </span>
                      </td>
                    ))}
                  </Row>
                  <Row label={t("card.validUntil")}>
                    {quotations.map((col) => (
                      <td key={col.id}>
                        {format.date(col.validUntil)}{" "}
                        {col.expired && <span className="badge badge-error badge-sm">{t("card.expired")}</span>}
                      </td>
                    ))}
                  </Row>
                  <Row label={t("details.leadTime")}>
                    {quotations.map((col) => (
                      <td key={col.id}>
                        {col.leadTimeDays === null ? "-" : format.days(col.leadTimeDays)}
                      </td>
                    ))}
                  </Row>
                  <Row label={t("details.technicalScore")}>
                    {quotations.map((col) => (
                      <td key={col.id}>
                        {col.technicalScore === null ? t("details.notScored") : format.number(col.technicalScore, 2)}
                      </td>
                    ))}
                  </Row>
                  {combined && (
                    <>
                      <Row label={t("compare.priceScore")}>
                        {quotations.map((col) => <td key={col.id}>{format.number(col.priceScore, 2)}</td>)}
                      </Row>
                      <Row label={t("compare.combinedScore")}>
                        {quotations.map((col) => (
                          <td key={col.id}>
                            {col.combinedScore === null ? t("details.notScored") : format.number(col.combinedScore, 2)}
                          </td>
                        ))}
                      </Row>
                    </>
                  )}
                  <Row label={t("compare.rank")}>
                    {quotations.map((col) => (
                      <td key={col.id}>
                        <span className={`badge ${col.rank === 1 ? "badge-primary" : "badge-ghost"}`}>
                          {format.number(col.rank)}
                        </span>
                      </td>
                    ))}
                  </Row>
                  {canAward && open && (
                    <tr>
                      <td colSpan={2} />
                      {quotations.map((col) => (
                        <td key={col.id}>
                          {isOpenForDecision(col.status) && (
                            <ExtensionRequest quotation={col} vendorName={isolate(col.vendorName)} />
                          )}
                          {isOpenForDecision(col.status) && !col.expired && (
                            <ActionButton
                              label={t("actions.award")}
                              className="btn btn-sm btn-success"
                              name={t("actions.awardTo", { vendor: isolate(col.vendorName) })}
                              onClick={() => setAwarding(col)}
                            />
                          )}
                        </td>
                      ))}
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          )}
      </div>
      {awarding && (
        <AwardConfirmDialog
          target={{
            quotationId: awarding.id,
            vendorName: awarding.vendorName,
            requestTitle: request.title,
            requestNumber: request.number,
            totalAmount: awarding.totalAmount,
            currency: awarding.currency,
          }}
          title={t("award.title", { vendor: isolate(awarding.vendorName) })}
          confirmLabel={t("actions.award")}
          needsJustification={awarding.rank > 1}
          onConfirm={async (comment, justification) =>
            (await award.mutateAsync({ kind, requestId: id, quotationId: awarding.id, comment, justification }))
              .purchaseOrder}
          onClose={() => setAwarding(null)}
        />
      )}
    </section>
  );
}
