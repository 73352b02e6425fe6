/**
 * The arithmetic check that decides whether a line item was read right: quantity × unit price
 * (less any discount) = line total, to the cent. When the printed reading does not add up, the
 * usual OCR confusions are tried (look-alike letters, swapped or lost decimal marks) and the
 * cheapest combination that adds up wins ("corrected"); when none does, the printed reading is
 * kept and the row is "unverified" for the reviewer.
 */
import { type Amount, type DecimalMark, type Reading, variants } from "./numbers.ts";

export type Check = "verified" | "corrected" | "unverified";

export interface CheckedRow {
  quantity?: Amount;
  unitPrice?: Amount;
  discountPercent?: Amount;
  total?: Amount;
  check: Check;
  /** Which fields were changed by a correction or derived from the others. */
  corrected: Set<"quantity" | "unitPrice" | "discountPercent" | "total">;
}

/** Cents of quantity × price × (1 − discount%), rounded half up. Exact (BigInt). */
export function expectedTotalCents(qty: Amount, price: Amount, discount?: Amount): bigint {
  const d = BigInt(discount?.milli ?? 0); // percent × 1000
  const num = BigInt(qty.milli) * BigInt(price.milli) * (100_000n - d);
  const den = 1000n * 100_000n * 10n; // → cents
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const cents = (abs * 2n + den) / (2n * den);
  return neg ? -cents : cents;
}

const cents = (a: Amount) => {
  const m = BigInt(a.milli);
  return m >= 0n ? (m + 5n) / 10n : (m - 5n) / 10n;
};

function adds(q: Amount, p: Amount, t: Amount, d?: Amount): boolean {
  const diff = expectedTotalCents(q, p, d) - cents(t);
  // Vendors' software rounds a discounted line its own way: allow one cent there, not otherwise.
  const tolerance = d && d.milli !== 0 ? 1n : 0n;
  return diff <= tolerance && diff >= -tolerance;
}

const plausibleQuantity = (r: Reading) => r.cost < 3 && r.milli > 0 && r.milli <= 10_000_000 * 1000;
const plausiblePrice = (r: Reading) => r.milli >= 0;

/**
 * A money cell printed without a decimal mark in a column whose other cells all show two decimals
 * ("16187" among "151.91", "44.26"): the mark was most likely lost by the reader, so the reading
 * with it put back comes first. (A lost pair, price and total, still multiplies out as printed.)
 */
function preferDecimals(rs: Reading[], suspect: boolean): Reading[] {
  if (!suspect) return rs;
  const printed = rs.find((r) => r.cost === 0);
  if (!printed || printed.decimals !== 0) return rs;
  const restored = rs.find((r) => r.milli * 100 === printed.milli && r.decimals === 2);
  if (!restored) return rs;
  return rs.map((r) => r === restored ? { ...r, cost: 0.5 } : r === printed ? { ...r, cost: 5 } : r)
    .sort((a, b) => a.cost - b.cost);
}

export function checkRow(
  raw: { quantity?: string; unitPrice?: string; discountPercent?: string; total?: string },
  mark: DecimalMark,
  /** Fields whose column prints two decimals everywhere else (see preferDecimals). */
  lostDecimals: ReadonlySet<"unitPrice" | "total"> = new Set(),
): CheckedRow {
  const qs = raw.quantity ? variants(raw.quantity, mark).filter(plausibleQuantity) : [];
  const ps = raw.unitPrice
    ? preferDecimals(variants(raw.unitPrice, mark).filter(plausiblePrice), lostDecimals.has("unitPrice"))
    : [];
  const ts = raw.total ? preferDecimals(variants(raw.total, mark), lostDecimals.has("total")) : [];
  const ds = raw.discountPercent ? variants(raw.discountPercent.replace("%", ""), mark).filter((r) => r.cost < 3) : [];
  // As printed (or as the column's format says it was printed: cost below 1).
  const printed = {
    quantity: qs.find((r) => r.cost < 1),
    unitPrice: ps.find((r) => r.cost < 1),
    total: ts.find((r) => r.cost < 1),
    discountPercent: ds.find((r) => r.cost < 1),
  };

  if (qs.length && ps.length && ts.length) {
    let best: { q: Reading; p: Reading; t: Reading; d?: Reading; cost: number } | undefined;
    for (const q of qs) {
      for (const p of ps) {
        for (const t of ts) {
          for (const d of ds.length ? ds : [undefined]) {
            const cost = q.cost + p.cost + t.cost + (d?.cost ?? 0);
            if (best && cost >= best.cost) continue;
            if (adds(q, p, t, d)) best = { q, p, t, d, cost };
          }
        }
      }
    }
    if (best) {
      const corrected = new Set<CheckedRow["corrected"] extends Set<infer K> ? K : never>();
      if (best.q.cost) corrected.add("quantity");
      if (best.p.cost) corrected.add("unitPrice");
      if (best.t.cost) corrected.add("total");
      if (best.d?.cost) corrected.add("discountPercent");
      return {
        quantity: best.q,
        unitPrice: best.p,
        total: best.t,
        discountPercent: best.d,
        check: best.cost === 0 ? "verified" : "corrected",
        corrected,
      };
    }
    return { ...printed, check: "unverified", corrected: new Set() };
  }

  // Two of the three: derive the third when it comes out exact, but nothing checked it.
  const corrected = new Set<"quantity" | "unitPrice" | "discountPercent" | "total">();
  const { quantity, unitPrice, total, discountPercent } = printed;
  if (quantity && unitPrice && !total && !discountPercent) {
    corrected.add("total");
    const c = expectedTotalCents(quantity, unitPrice);
    return { quantity, unitPrice, total: { milli: Number(c) * 10, decimals: 2 }, check: "unverified", corrected };
  }
  if (!quantity && unitPrice && total && unitPrice.milli > 0) {
    // The quantity column was lost (blurred scans): the whole number that makes the line add up.
    const factor = 1 - (discountPercent?.milli ?? 0) / 100_000;
    const guess = Math.round(total.milli / (unitPrice.milli * factor));
    if (guess > 0) {
      const q = { milli: guess * 1000, decimals: 0 };
      if (expectedTotalCents(q, unitPrice, discountPercent) === BigInt(Math.round(total.milli / 10))) {
        corrected.add("quantity");
        return { quantity: q, unitPrice, total, discountPercent, check: "unverified", corrected };
      }
    }
  }
  if (quantity && !unitPrice && total && quantity.milli > 0 && !discountPercent) {
    const p = (total.milli * 1000) / quantity.milli;
    if (Number.isInteger(p / 10)) {
      corrected.add("unitPrice");
      return { quantity, unitPrice: { milli: p, decimals: 2 }, total, check: "unverified", corrected };
    }
  }
  return { ...printed, check: "unverified", corrected };
}
