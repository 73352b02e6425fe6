/**
 * The review of an extracted quotation, as plain data: lines the vendor may edit, add and remove,
 * each mapped to a request item; totals in integer cents (BigInt where quantities have decimals), never
 * accumulated in binary floating point; the problems that keep Submit disabled; and the payload of
 * POST /api/vendor/quotations. No React here, so it is unit-tested (review-model.test.ts).
 */
import { fromCents, toCents } from "../../../../src/shared/money.ts";
import type { OcrBox, OcrCheck, OcrItem, OcrResult } from "./api/get-ocr-job.ts";

/** Spec section 4: 0.8 or higher High, 0.6 or higher Medium, below Low. */
export type ConfidenceLevel = "high" | "medium" | "low";

export function confidenceLevel(confidence: number): ConfidenceLevel {
  return confidence >= 0.8 ? "high" : confidence >= 0.6 ? "medium" : "low";
}

export const CELLS = ["name", "quantity", "unitPrice", "totalPrice"] as const;
export type Cell = typeof CELLS[number];

export type ReviewLine = {
  /** Stable across edits (React key, selection). */
  key: string;
  name: string;
  code: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discountPercent: string;
  totalPrice: string;
  /** The request item the line prices; null while unmapped. */
  itemId: number | null;
  /** Per cell; a cell the vendor typed in counts as certain (1). */
  cellConfidence: Record<Cell, number>;
  /** Cells the vendor changed. */
  edited: Cell[];
  /** Absent for lines the vendor added. */
  check?: OcrCheck;
  page: number;
  box?: OcrBox;
};

export type RequestItem = { id: number; name: string; quantity: number };

export type ReviewHeader = { validityPeriod: string; leadTimeDays: string; notes: string };

/** Spec section 9: a quotation is valid 30 days unless the vendor (or the document) says otherwise. */
export const DEFAULT_VALIDITY_DAYS = 30;

const clampConfidence = (n: unknown, fallback: number) =>
  typeof n === "number" && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;

/** The review's starting lines: the server's items, each mapped as matched (a request item at most once). */
export function linesFromResult(result: OcrResult, items: readonly RequestItem[]): ReviewLine[] {
  const known = new Set(items.map((i) => i.id));
  const used = new Set<number>();
  return result.items.map((item: OcrItem, n) => {
    const overall = clampConfidence(item.confidence, 0);
    const matched = item.itemId !== undefined && item.itemId !== null && known.has(item.itemId) &&
        !used.has(item.itemId)
      ? item.itemId
      : null;
    if (matched !== null) used.add(matched);
    return {
      key: `ocr-${n}`,
      name: item.name ?? "",
      code: item.code ?? "",
      quantity: String(item.quantity ?? ""),
      unit: item.unit ?? "",
      unitPrice: String(item.unitPrice ?? ""),
      discountPercent: item.discountPercent === undefined || item.discountPercent === null
        ? ""
        : String(item.discountPercent),
      totalPrice: String(item.totalPrice ?? ""),
      itemId: matched,
      cellConfidence: {
        name: clampConfidence(item.cellConfidence?.name, overall),
        quantity: clampConfidence(item.cellConfidence?.quantity, overall),
        unitPrice: clampConfidence(item.cellConfidence?.unitPrice, overall),
        totalPrice: clampConfidence(item.cellConfidence?.totalPrice, overall),
      },
      edited: [],
      check: item.check,
      page: Number.isInteger(item.page) && item.page > 0 ? item.page : 1,
      box: item.box,
    };
  });
}

let added = 0;
/** Spec section 5: an added item starts at quantity 1 and price 0; the vendor fills it in. */
export function newLine(page = 1): ReviewLine {
  added += 1;
  return {
    key: `added-${added}-${Date.now().toString(36)}`,
    name: "",
    code: "",
    quantity: "1",
    unit: "",
    unitPrice: "0.00",
    discountPercent: "",
    totalPrice: "0.00",
    itemId: null,
    cellConfidence: { name: 1, quantity: 1, unitPrice: 1, totalPrice: 1 },
    edited: [],
    page,
  };
}

/** A decimal string as an integer and its number of decimals ("2.50" -> 250n, 2), or null. */
export function parseDecimal(text: string, maxDecimals: number): { units: bigint; scale: number } | null {
  const m = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim());
  if (!m || (m[2] ?? "").length > maxDecimals) return null;
  const frac = m[2] ?? "";
  return { units: BigInt(m[1] + frac), scale: frac.length };
}

/** Division rounding half away from zero (amounts here are never negative). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * quantity × unit price × (1 − discount %), rounded to the cent; null while any part is not a valid
 * number (quantity up to 4 decimals, price up to 2, discount 0-100 with up to 2).
 */
export function lineCents(line: Pick<ReviewLine, "quantity" | "unitPrice" | "discountPercent">): number | null {
  const quantity = parseDecimal(line.quantity, 4);
  const price = toCents(line.unitPrice.trim().replace(",", "."));
  const discount = line.discountPercent.trim() === "" ? { units: 0n, scale: 0 } : parseDecimal(line.discountPercent, 2);
  if (!quantity || price === null || !discount) return null;
  const discountHundredths = discount.units * 10n ** BigInt(2 - discount.scale);
  if (discountHundredths > 10_000n) return null;
  const numerator = quantity.units * BigInt(price) * (10_000n - discountHundredths);
  const denominator = 10n ** BigInt(quantity.scale) * 10_000n;
  return Number(divRound(numerator, denominator));
}

/** The sum of the lines in cents, or null while a line has no valid total. */
export function totalCents(lines: readonly Pick<ReviewLine, "quantity" | "unitPrice" | "discountPercent">[]) {
  let sum = 0n;
  for (const line of lines) {
    const cents = lineCents(line);
    if (cents === null) return null;
    sum += BigInt(cents);
  }
  return Number(sum);
}

/** The unit price after the line's discount, in cents: what the request item is quoted at. */
export function netUnitCents(line: Pick<ReviewLine, "unitPrice" | "discountPercent">): number | null {
  const price = toCents(line.unitPrice.trim().replace(",", "."));
  const discount = line.discountPercent.trim() === "" ? { units: 0n, scale: 0 } : parseDecimal(line.discountPercent, 2);
  if (price === null || !discount) return null;
  const hundredths = discount.units * 10n ** BigInt(2 - discount.scale);
  if (hundredths > 10_000n) return null;
  return Number(divRound(BigInt(price) * (10_000n - hundredths), 10_000n));
}

/**
 * The quotation as submitted: the server prices each request item at its own quantity, so the total
 * is request quantity × net unit price per mapped line. Null while a mapped line has no valid price.
 */
export function submittedTotalCents(lines: readonly ReviewLine[], items: readonly RequestItem[]): number | null {
  const quantity = new Map(items.map((i) => [i.id, i.quantity]));
  let sum = 0n;
  for (const line of lines) {
    if (line.itemId === null) continue;
    const cents = netUnitCents(line);
    const q = quantity.get(line.itemId);
    if (cents === null || q === undefined) return null;
    sum += BigInt(cents) * BigInt(q);
  }
  return Number(sum);
}

/** Change one cell: the vendor's value is certain, and a changed quantity or price recomputes the total. */
export function editCell(line: ReviewLine, cell: keyof ReviewLine, value: string): ReviewLine {
  const next: ReviewLine = { ...line, [cell]: value };
  const tracked = (CELLS as readonly string[]).includes(cell as string) ? cell as Cell : null;
  if (tracked) {
    next.cellConfidence = { ...line.cellConfidence, [tracked]: 1 };
    if (!line.edited.includes(tracked)) next.edited = [...line.edited, tracked];
  }
  if (cell === "quantity" || cell === "unitPrice" || cell === "discountPercent") {
    const cents = lineCents(next);
    if (cents !== null) next.totalPrice = fromCents(cents);
  }
  return next;
}

export type Problem =
  | { kind: "noItems" }
  | { kind: "unmapped"; keys: string[] }
  | { kind: "duplicate"; keys: string[] }
  | { kind: "price"; keys: string[] }
  | { kind: "quantity"; keys: string[] }
  | { kind: "validity" }
  | { kind: "leadTime" };

/**
 * Why the quotation cannot be submitted yet, in the order the vendor should fix it; empty when it can.
 * The rules are the shared quotation schema's (src/shared/schemas/bids.ts) plus the mapping: every
 * line priced above 0, mapped to a request item, and each request item quoted once.
 */
export function problems(lines: readonly ReviewLine[], header: ReviewHeader): Problem[] {
  const out: Problem[] = [];
  if (lines.length === 0) out.push({ kind: "noItems" });
  const unmapped = lines.filter((l) => l.itemId === null).map((l) => l.key);
  if (unmapped.length) out.push({ kind: "unmapped", keys: unmapped });
  const seen = new Map<number, string>();
  const duplicate: string[] = [];
  for (const line of lines) {
    if (line.itemId === null) continue;
    if (seen.has(line.itemId)) duplicate.push(line.key);
    else seen.set(line.itemId, line.key);
  }
  if (duplicate.length) out.push({ kind: "duplicate", keys: duplicate });
  const price = lines.filter((l) => !((netUnitCents(l) ?? 0) > 0)).map((l) => l.key);
  if (price.length) out.push({ kind: "price", keys: price });
  const quantity = lines.filter((l) => {
    const q = parseDecimal(l.quantity, 4);
    return !q || q.units === 0n;
  }).map((l) => l.key);
  if (quantity.length) out.push({ kind: "quantity", keys: quantity });
  const validity = header.validityPeriod.trim();
  if (!/^\d{1,3}$/.test(validity) || Number(validity) < 1 || Number(validity) > 365) out.push({ kind: "validity" });
  const lead = header.leadTimeDays.trim();
  if (lead !== "" && (!/^\d{1,4}$/.test(lead) || Number(lead) > 3650)) out.push({ kind: "leadTime" });
  return out;
}

/** The line keys a problem points at (to mark the rows). */
export const problemKeys = (list: readonly Problem[]) => new Set(list.flatMap((p) => ("keys" in p ? p.keys : [])));

/** Validity from the document: a number of days (1-365), else the default. */
export function validityFrom(result: Pick<OcrResult, "validityPeriod">): string {
  const n = typeof result.validityPeriod === "number"
    ? Math.trunc(result.validityPeriod)
    : Number.parseInt(String(result.validityPeriod ?? ""), 10);
  return String(Number.isFinite(n) && n >= 1 && n <= 365 ? n : DEFAULT_VALIDITY_DAYS);
}

export type OcrQuotationPayload = {
  purchaseRequestId?: number;
  bidRequestId?: number;
  ocrJobId: string;
  source: "ocr";
  items: { itemId: number; unitPrice: string; notes: string }[];
  totalAmount: string;
  validityPeriod: number;
  leadTimeDays?: number;
  notes: string;
};

/**
 * POST /api/vendor/quotations's body for a reviewed extraction (call only when problems() is empty):
 * each line prices its request item at the net unit price; the document's own wording is kept in the
 * item's notes when it differs from the request's item name.
 */
export function buildPayload(
  target: { purchaseRequestId: number } | { bidRequestId: number },
  jobId: string,
  lines: readonly ReviewLine[],
  header: ReviewHeader,
  items: readonly RequestItem[],
): OcrQuotationPayload {
  const names = new Map(items.map((i) => [i.id, i.name]));
  const lead = header.leadTimeDays.trim();
  return {
    ...target,
    ocrJobId: jobId,
    source: "ocr",
    items: lines.map((line) => {
      const described = [line.code.trim(), line.name.trim()].filter(Boolean).join(" ");
      const same = described.toLowerCase() === (names.get(line.itemId!) ?? "").trim().toLowerCase();
      return {
        itemId: line.itemId!,
        unitPrice: fromCents(netUnitCents(line)!),
        notes: same ? "" : described.slice(0, 2000),
      };
    }),
    totalAmount: fromCents(submittedTotalCents(lines, items) ?? 0),
    validityPeriod: Number(header.validityPeriod.trim()),
    ...(lead === "" ? {} : { leadTimeDays: Number(lead) }),
    notes: header.notes.slice(0, 5000),
  };
}
