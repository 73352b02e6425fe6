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

/** The digits of an amount with `decimals` places: 1234.5 at 2 → "123450". */
const digitsOf = (milli: number, decimals: number) => String(Math.round(Math.abs(milli) / 10 ** (3 - decimals)));

/** Digits a blurred or broken glyph turns into one another. */
const CONFUSABLE = new Set(["06", "08", "09", "17", "14", "27", "35", "38", "56", "58", "59", "68", "89"]);

/**
 * Whether two digit strings differ by one slip of the reader: one digit read as a look-alike
 * ("157" as "187"), or a doubled digit read once or a single one twice ("11" as "1").
 */
function oneSlip(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const at = [...a].map((ch, i) => (ch !== b[i] ? i : -1)).filter((i) => i >= 0);
    return at.length === 1 && CONFUSABLE.has([a[at[0]], b[at[0]]].sort().join(""));
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  // A mark beside the number read as a digit of it ("3" read "73" next to a stamp's stroke).
  if ((/^[17]/.test(long) && long.slice(1) === short) || (/[17]$/.test(long) && long.slice(0, -1) === short)) {
    return true;
  }
  for (let i = 1; i < long.length; i++) {
    if (long[i] === long[i - 1] && long.slice(0, i) + long.slice(i + 1) === short) return true;
  }
  return false;
}

/**
 * A row that adds up with no usual correction, repaired when exactly one of its three numbers is
 * one slip of the reader away from the value the other two give ("157.89" read "187.89", quantity "11" read
 * "1"): the kind of slip a blurred digit makes. Two different repairs that both work are doubt,
 * and the row stays unverified.
 */
function oneDigitRepair(q?: Amount, p?: Amount, t?: Amount, d?: Amount): CheckedRow | undefined {
  if (!q || !p || !t || q.milli <= 0 || p.milli <= 0 || (d && d.milli !== 0)) return undefined;
  const found: CheckedRow[] = [];
  const total = expectedTotalCents(q, p);
  if (oneSlip(digitsOf(t.milli, 2), String(total))) {
    found.push({
      quantity: q,
      unitPrice: p,
      total: { milli: Number(total) * 10, decimals: 2 },
      check: "corrected",
      corrected: new Set(["total"]),
    });
  }
  const tc = Number(cents(t));
  // price = total / quantity, when exact to the cent
  if ((tc * 1000) % q.milli === 0) {
    const pc = (tc * 1000) / q.milli;
    if (oneSlip(digitsOf(p.milli, 2), String(pc))) {
      found.push({
        quantity: q,
        unitPrice: { milli: pc * 10, decimals: 2 },
        total: t,
        check: "corrected",
        corrected: new Set(["unitPrice"]),
      });
    }
  }
  // quantity = total / price, when a whole number
  if ((tc * 10) % p.milli === 0) {
    const qn = (tc * 10) / p.milli;
    if (qn > 0 && oneSlip(digitsOf(q.milli, 0), String(qn))) {
      found.push({
        quantity: { milli: qn * 1000, decimals: 0 },
        unitPrice: p,
        total: t,
        check: "corrected",
        corrected: new Set(["quantity"]),
      });
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

export function checkRow(
  raw: { quantity?: string; unitPrice?: string; discountPercent?: string; total?: string },
  mark: DecimalMark,
  /** Fields whose column prints two decimals everywhere else (see preferDecimals). */
  lostDecimals: ReadonlySet<"unitPrice" | "total"> = new Set(),
  /** Whether a row that adds up no usual way may be repaired by one digit (see oneDigitRepair). */
  repair = true,
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
    const repaired = repair &&
      oneDigitRepair(printed.quantity, printed.unitPrice, printed.total, printed.discountPercent);
    if (repaired) return repaired;
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
