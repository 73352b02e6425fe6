/**
 * The comparison matrix (ERPNext's Supplier Quotation Comparison, Odoo's Compare Order Lines): one
 * row per requested item, one column per current quotation, lowest unit price per item and lowest
 * total flagged (ties: all), expired quotations marked, ranked by the request's evaluation method.
 */
import type { Queryable } from "../../db/types.ts";
import { Conflict, NotFound } from "../../lib/errors.ts";
import { toCents } from "../../shared/money.ts";
import { evaluateQuotations, type EvaluationMethod, lowestFlags } from "../../shared/evaluation.ts";
import { SEALED_MESSAGE } from "./award.ts";
import * as q from "./queries.ts";

export interface ComparisonCell {
  quotationId: number;
  unitPrice: string;
  lineTotal: string;
  isLowestUnitPrice: boolean;
}

export async function buildComparison(db: Queryable, kind: q.RequestKind, id: number) {
  const req = await q.getRequest(db, kind, id);
  if (!req) throw new NotFound(kind === "bid_request" ? "bids.notFound" : "purchaseRequests.notFound");
  if (req.sealedLocked) throw new Conflict(SEALED_MESSAGE);
  const [items, quotations] = await Promise.all([q.requestItems(db, kind, id), q.currentQuotations(db, kind, id)]);
  if (quotations.some((x) => x.sealed || x.totalAmount === null)) throw new Conflict(SEALED_MESSAGE);

  const prices = await q.quotationItemPrices(db, quotations.map((x) => x.id));
  const method = req.evaluationMethod as EvaluationMethod;
  const evaluated = evaluateQuotations(
    quotations.map((x) => ({ id: x.id, totalCents: toCents(x.totalAmount!) ?? 0, technicalScore: x.technicalScore })),
    { method, priceWeight: req.priceWeight, technicalWeight: req.technicalWeight },
  );
  const columns = quotations
    .map((x, i) => ({
      id: x.id,
      vendorId: x.vendorId,
      vendorName: x.vendorName,
      totalAmount: x.totalAmount!,
      currency: x.currency,
      validUntil: x.validUntil,
      expired: x.expired,
      extensionRequestedAt: x.extensionRequestedAt,
      leadTimeDays: x.leadTimeDays,
      technicalScore: x.technicalScore,
      status: x.status,
      isLowestTotal: evaluated[i].isLowestTotal,
      rank: evaluated[i].rank,
      priceScore: evaluated[i].priceScore,
      combinedScore: evaluated[i].combinedScore,
    }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id);

  const byCell = new Map(prices.map((p) => [`${p.quotationId}:${p.itemId}`, p]));
  const rows = items.map((item) => {
    const found = columns.map((col) => byCell.get(`${col.id}:${item.id}`) ?? null);
    const lowest = lowestFlags(found.map((p) => (p ? toCents(p.unitPrice) : null)));
    const cells: (ComparisonCell | null)[] = found.map((p, i) =>
      p
        ? { quotationId: p.quotationId, unitPrice: p.unitPrice, lineTotal: p.lineTotal, isLowestUnitPrice: lowest[i] }
        : null
    );
    return { itemId: item.id, name: item.name, quantity: item.quantity, unit: item.unit, cells };
  });

  return {
    request: {
      id: req.id,
      kind: req.kind,
      number: req.number,
      title: req.title,
      status: req.status,
      evaluationMethod: method,
      priceWeight: req.priceWeight,
      technicalWeight: req.technicalWeight,
    },
    quotations: columns,
    rows,
  };
}
