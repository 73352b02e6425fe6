/**
 * OCDS 1.1 release packages (https://standard.open-contracting.org/1.1/en/) built from the live
 * data: planning from the purchase request, tender from the bid request (or from the purchase
 * request asking vendors for quotations), awards and contracts from the award and its purchase order.
 *
 * Each release is the current state of one contracting process, dated by its last change, with an
 * id unique per change (`{ocid}-{date}`). Parties carry organisation names and roles only: no
 * contact person, e-mail or telephone of anyone.
 */
import type { Queryable } from "../../db/types.ts";
import { Conflict } from "../../lib/errors.ts";
import * as q from "./queries.ts";

export const OCDS_VERSION = "1.1";
/** The package-level `links.next` comes from the OCDS pagination extension. */
export const PAGINATION_EXTENSION =
  "https://raw.githubusercontent.com/open-contracting-extensions/ocds_pagination_extension/master/extension.json";

/** The organisation profile's settings (System Settings, Organisation): the buyer and its currency. */
export const BUYER_NAME_SETTINGS = ["organisation_legal_name"] as const;
export const CURRENCY_SETTINGS = ["organisation_currency"] as const;
export const DEFAULT_CURRENCY = "USD";
export const BUYER_PARTY_ID = "buyer";

type Json = Record<string, unknown>;

export interface OcdsContext {
  prefix: string;
  buyerName: string;
  currency: string;
}

/**
 * The buyer is the organisation itself, by the legal name of its profile. Without one the export is
 * refused: a placeholder name ("Buyer") published to an open-contracting portal is data no reader
 * can attribute, and it would stay in every copy already harvested.
 */
export async function ocdsContext(db: Queryable, prefix: string): Promise<OcdsContext> {
  const s = await q.settingValues(db, [...BUYER_NAME_SETTINGS, ...CURRENCY_SETTINGS]);
  const buyerName = BUYER_NAME_SETTINGS.map((k) => s.get(k)).find(Boolean);
  if (!buyerName) throw new Conflict("ocds.organisationNameMissing");
  const currency = CURRENCY_SETTINGS.map((k) => s.get(k)?.toUpperCase()).find((v) => v && /^[A-Z]{3}$/.test(v)) ??
    DEFAULT_CURRENCY;
  return { prefix, buyerName, currency };
}

export const ocidOf = (prefix: string, number: string) => `${prefix}-${number}`;
const iso = (d: Date) => d.toISOString();
/** numeric(14,2) text as a JSON number: at most 14 significant digits, exact in a double. */
const amount = (value: string | number, currency: string) => ({ amount: Number(value), currency });
const vendorPartyId = (vendorId: number) => `vendor-${vendorId}`;

/** tenderStatus codelist (closed). Drafts and bids waiting for approval are never published. */
const BID_TENDER_STATUS: Record<string, string> = {
  published: "planned", // scheduled: bidding opens at its start date
  bidding_open: "active",
  bidding_closed: "active",
  evaluation: "active",
  awarded: "complete",
  cancelled: "cancelled",
};
const PR_TENDER_STATUS: Record<string, string> = { active: "active", completed: "complete", cancelled: "cancelled" };
/** awardCriteria codelist. */
const AWARD_CRITERIA: Record<string, string> = {
  lowest_price: "priceOnly",
  technical_merit: "qualityOnly",
  combined_scoring: "ratedCriteria",
};
/**
 * contractStatus codelist (pending, active, cancelled, terminated); purchase order statuses beyond
 * issued/cancelled map by meaning. Everything ordered has arrived once an order is received, so the
 * contract is then complete: "terminated" is the codelist's only status for a contract no longer
 * in force, whether it ended early or was fulfilled.
 */
const CONTRACT_STATUS: Record<string, string> = {
  issued: "active",
  acknowledged: "active",
  partially_received: "active",
  received: "terminated",
  closed: "terminated",
  declined: "cancelled",
  cancelled: "cancelled",
};
const ENDED_PO = new Set(["cancelled", "declined"]);

/** Bid statuses that are published; the others are drafts or wait for approval. */
export const PUBLISHED_BID_STATUSES = Object.keys(BID_TENDER_STATUS);

function itemOf(i: q.ItemRow, currency: string): Json {
  return {
    id: String(i.id),
    description: i.name,
    ...(i.categoryId !== null
      ? { classification: { scheme: "x_category", id: String(i.categoryId), description: i.categoryName } }
      : {}),
    quantity: i.quantity,
    unit: { name: i.unit, value: amount(i.estimatedPrice, currency) },
  };
}

interface Parts {
  items: Map<number, q.ItemRow[]>;
  tenderers: Map<number, q.TendererRow[]>;
  awards: Map<number, q.AwardRow[]>;
  awardedItems: Map<number, q.AwardedItemRow[]>;
}

const group = <T extends { ownerId: number }>(rows: T[]) => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r.ownerId, [...(m.get(r.ownerId) ?? []), r]);
  return m;
};

/** Parties, awards and contracts of one process, the same for bids and purchase requests. */
function outcome(ctx: OcdsContext, number: string, tenderers: q.TendererRow[], awards: q.AwardRow[], parts: Parts) {
  const roles = new Map<number, { name: string; roles: Set<string> }>();
  const add = (id: number, name: string, role: string) => {
    const p = roles.get(id) ?? { name, roles: new Set<string>() };
    p.roles.add(role);
    roles.set(id, p);
  };
  for (const t of tenderers) add(t.vendorId, t.name, "tenderer");
  for (const a of awards) add(a.vendorId, a.vendorName, "supplier");
  const parties: Json[] = [
    { id: BUYER_PARTY_ID, name: ctx.buyerName, roles: ["buyer"] },
    ...[...roles.entries()].sort(([x], [y]) => x - y).map(([id, p]) => ({
      id: vendorPartyId(id),
      name: p.name,
      roles: [...p.roles].sort(),
    })),
  ];
  const awardList = awards.map((a) => {
    const lines = parts.awardedItems.get(a.quotationId) ?? [];
    return {
      id: String(a.id),
      title: `Award of ${number}`,
      status: ENDED_PO.has(a.poStatus) ? "cancelled" : "active",
      date: iso(a.createdAt),
      value: amount(a.quotationTotal ?? a.poTotal, a.quotationCurrency),
      suppliers: [{ id: vendorPartyId(a.vendorId), name: a.vendorName }],
      ...(lines.length
        ? {
          items: lines.map((l) => ({
            id: String(l.id),
            description: l.name,
            quantity: l.quantity,
            unit: { name: l.unit, value: amount(l.unitPrice, a.quotationCurrency) },
          })),
        }
        : {}),
    };
  });
  const contracts = awards.map((a) => ({
    id: a.poNumber,
    awardID: String(a.id),
    title: `Purchase order ${a.poNumber}`,
    status: CONTRACT_STATUS[a.poStatus] ?? "pending",
    value: amount(a.poTotal, a.poCurrency),
  }));
  return { parties, awards: awardList, contracts };
}

function release(ctx: OcdsContext, number: string, date: Date, sections: {
  planning: Json;
  tender?: Json;
  tenderCancelled?: boolean;
  parties: Json[];
  awards: Json[];
  contracts: Json[];
}): Json {
  const ocid = ocidOf(ctx.prefix, number);
  const tag = ["planning"];
  if (sections.tender) tag.push(sections.tenderCancelled ? "tenderCancellation" : "tender");
  if (sections.awards.length) tag.push("award");
  if (sections.contracts.length) tag.push("contract");
  return {
    ocid,
    id: `${ocid}-${iso(date)}`,
    date: iso(date),
    tag,
    initiationType: "tender",
    parties: sections.parties,
    buyer: { id: BUYER_PARTY_ID, name: ctx.buyerName },
    planning: sections.planning,
    ...(sections.tender ? { tender: sections.tender } : {}),
    ...(sections.awards.length ? { awards: sections.awards } : {}),
    ...(sections.contracts.length ? { contracts: sections.contracts } : {}),
  };
}

function planningOf(ctx: OcdsContext, pr: q.PurchaseRequestRow | undefined, fallbackBudget: string): Json {
  if (!pr) {
    return {
      budget: { description: "Estimated budget of the bid request", amount: amount(fallbackBudget, ctx.currency) },
    };
  }
  return {
    ...(pr.justification.trim() ? { rationale: pr.justification } : {}),
    budget: {
      id: pr.number,
      description: `Estimated budget of purchase request ${pr.number}`,
      amount: amount(pr.estimatedBudget, ctx.currency),
    },
  };
}

/** A process's release: planning from its request, its tender, and the parties and awards of its outcome. */
function processRelease(
  ctx: OcdsContext,
  p: { number: string; date: Date; status: string; estimatedBudget: string },
  pr: q.PurchaseRequestRow | undefined,
  tender: Json | undefined,
  got: { tenderers: q.TendererRow[]; awards: q.AwardRow[] },
  parts: Parts,
): Json {
  const { parties, awards, contracts } = outcome(ctx, p.number, got.tenderers, got.awards, parts);
  return release(ctx, p.number, p.date, {
    planning: planningOf(ctx, pr, p.estimatedBudget),
    tender,
    tenderCancelled: p.status === "cancelled",
    parties,
    awards,
    contracts,
  });
}

function bidRelease(ctx: OcdsContext, b: q.BidRow, pr: q.PurchaseRequestRow | undefined, parts: Parts): Json {
  // A sealed bid that is not unsealed: no tenderers, no count (the queries already leave them out).
  const tenderers = b.locked ? [] : parts.tenderers.get(b.id) ?? [];
  const awards = b.locked ? [] : parts.awards.get(b.id) ?? [];
  const tender: Json = {
    id: b.number,
    title: b.title,
    description: b.description,
    status: BID_TENDER_STATUS[b.status] ?? null,
    items: (parts.items.get(b.id) ?? []).map((i) => itemOf(i, ctx.currency)),
    value: amount(b.estimatedBudget, ctx.currency),
    // Prequalified vendors only, or any approved vendor in the category.
    procurementMethod: b.vendorPrequalification ? "selective" : "open",
    procurementMethodDetails: b.biddingMode === "sealed" ? "Sealed bid request" : "Open bid request",
    awardCriteria: AWARD_CRITERIA[b.evaluationMethod] ?? null,
    submissionMethod: ["electronicSubmission"],
    tenderPeriod: {
      startDate: iso(b.biddingStartAt ?? b.createdAt),
      endDate: iso(b.closedEarlyAt ?? b.biddingDeadline),
    },
    eligibilityCriteria: b.qualificationCriteria,
    ...(b.locked ? {} : {
      numberOfTenderers: tenderers.length,
      tenderers: tenderers.map((t) => ({ id: vendorPartyId(t.vendorId), name: t.name })),
    }),
  };
  return processRelease(ctx, b, pr, tender, { tenderers, awards }, parts);
}

function purchaseRequestRelease(ctx: OcdsContext, pr: q.PurchaseRequestRow, parts: Parts): Json {
  // Vendors are asked for quotations only by these request types, once the request is approved.
  const tendered = pr.requestType !== "internal" && pr.status in PR_TENDER_STATUS;
  const tenderers = tendered ? parts.tenderers.get(pr.id) ?? [] : [];
  const awards = parts.awards.get(pr.id) ?? [];
  const tender: Json | undefined = tendered
    ? {
      id: pr.number,
      title: pr.title,
      description: pr.description,
      status: PR_TENDER_STATUS[pr.status],
      items: (parts.items.get(pr.id) ?? []).map((i) => itemOf(i, ctx.currency)),
      value: amount(pr.estimatedBudget, ctx.currency),
      procurementMethod: "selective",
      procurementMethodDetails: "Request for quotations from approved vendors",
      awardCriteria: "priceOnly",
      submissionMethod: ["electronicSubmission"],
      tenderPeriod: { endDate: iso(pr.deadline) },
      numberOfTenderers: tenderers.length,
      tenderers: tenderers.map((t) => ({ id: vendorPartyId(t.vendorId), name: t.name })),
    }
    : undefined;
  return processRelease(ctx, pr, pr, tender, { tenderers, awards }, parts);
}

/** Releases of the given processes, in the order given. */
export async function buildReleases(db: Queryable, ctx: OcdsContext, keys: { kind: q.ProcessKind; id: number }[]) {
  const bidIds = keys.filter((k) => k.kind === "BR").map((k) => k.id);
  const bidRows = await q.bids(db, bidIds);
  const prIds = keys.filter((k) => k.kind === "PR").map((k) => k.id);
  const linkedPrIds = bidRows.map((b) => b.purchaseRequestId).filter((x): x is number => x !== null);
  const prRows = await q.purchaseRequests(db, [...new Set([...prIds, ...linkedPrIds])]);
  const [bidItems, prItems, bidTenderers, prTenderers, bidAwards, prAwards] = [
    await q.items(db, "BR", bidIds),
    await q.items(db, "PR", prIds),
    await q.tenderers(db, "BR", bidIds),
    await q.tenderers(db, "PR", prIds),
    await q.awards(db, "BR", bidIds),
    await q.awards(db, "PR", prIds),
  ];
  const awardedItems = await q.awardedItems(db, [...bidAwards, ...prAwards].map((a) => a.quotationId));
  const byQuotation = new Map<number, q.AwardedItemRow[]>();
  for (const l of awardedItems) byQuotation.set(l.quotationId, [...(byQuotation.get(l.quotationId) ?? []), l]);
  const bidParts: Parts = {
    items: group(bidItems),
    tenderers: group(bidTenderers),
    awards: group(bidAwards),
    awardedItems: byQuotation,
  };
  const prParts: Parts = {
    items: group(prItems),
    tenderers: group(prTenderers),
    awards: group(prAwards),
    awardedItems: byQuotation,
  };
  const bidById = new Map(bidRows.map((b) => [b.id, b]));
  const prById = new Map(prRows.map((p) => [p.id, p]));
  const out: Json[] = [];
  for (const k of keys) {
    if (k.kind === "BR") {
      const b = bidById.get(k.id);
      if (b) out.push(bidRelease(ctx, b, b.purchaseRequestId ? prById.get(b.purchaseRequestId) : undefined, bidParts));
    } else {
      const pr = prById.get(k.id);
      if (pr) out.push(purchaseRequestRelease(ctx, pr, prParts));
    }
  }
  return out;
}

/** A release package (OCDS 1.1 requires uri, publisher and publishedDate). */
export function releasePackage(ctx: OcdsContext, uri: string, releases: Json[], next?: string): Json {
  const dates = releases.map((r) => r.date as string).sort();
  return {
    uri,
    version: OCDS_VERSION,
    extensions: [PAGINATION_EXTENSION],
    // Generated on demand: the date of the last change of what the package contains.
    publishedDate: dates.at(-1) ?? new Date().toISOString(),
    publisher: { name: ctx.buyerName },
    releases,
    ...(next ? { links: { next } } : {}),
  };
}
