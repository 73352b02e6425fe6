/**
 * The fields around the table: vendor name, quote number, date, validity, currency, payment terms
 * and delivery time, read from labelled text in English, Spanish, French, German, Italian, Dutch
 * and Portuguese.
 */
import { currencyOf } from "./numbers.ts";
import { normalise } from "./vocabulary.ts";

export interface HeaderFields {
  vendorName?: string;
  quoteNumber?: string;
  /** ISO yyyy-mm-dd. */
  date?: string;
  /** Days. */
  validityPeriod?: number;
  currency?: string;
  /** The payment terms as printed ("Payment terms: Net 30 days"). */
  notes?: string;
  /** The delivery time as printed ("Delivery: 3-4 weeks"). */
  deliveryTime?: string;
}

/** "Delivery 25.00" in the totals is a charge, not a delivery time. */
const isSummaryLine = (l: string) => /^\s*\S+(\s+\S+)?\s+[$€£]?\s?\d[\d.,\s]*$/.test(l);

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  ["january", "jan", "enero", "ene", "janvier", "janv", "januar", "jan"],
  ["february", "feb", "febrero", "fevrier", "fevr", "fev", "februar"],
  ["march", "mar", "marzo", "mars", "marz", "maerz"],
  ["april", "apr", "abril", "abr", "avril", "avr"],
  ["may", "mayo", "mai"],
  ["june", "jun", "junio", "juin", "juni"],
  ["july", "jul", "julio", "juillet", "juil", "juli"],
  ["august", "aug", "agosto", "ago", "aout"],
  ["september", "sep", "sept", "septiembre", "septembre"],
  ["october", "oct", "octubre", "octobre", "oktober", "okt"],
  ["november", "nov", "noviembre", "novembre"],
  ["december", "dec", "diciembre", "dic", "decembre", "dezember", "dez"],
];
MONTH_NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

function iso(y: number, m: number, d: number): string | undefined {
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The first date in a text, as ISO; day-first unless the numbers say otherwise or `monthFirst`. */
export function findDate(text: string, monthFirst = false): string | undefined {
  const t = normalise(text.replace(/[./-]/g, " ").replace(/(\d)(st|nd|rd|th)\b/g, "$1"));
  let m = /\b(\d{4}) (\d{1,2}) (\d{1,2})\b/.exec(t);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /\b(\d{1,2}) (?:de )?([a-z]+)\.? (?:de )?(\d{4})\b/.exec(t);
  if (m && MONTHS[m[2]]) return iso(+m[3], MONTHS[m[2]], +m[1]);
  m = /\b([a-z]+)\.? (\d{1,2}) (\d{4})\b/.exec(t);
  if (m && MONTHS[m[1]]) return iso(+m[3], MONTHS[m[1]], +m[2]);
  m = /\b(\d{1,2}) (\d{1,2}) (\d{4}|\d{2})\b/.exec(t);
  if (m) {
    const a = +m[1];
    const b = +m[2];
    const dayFirst = a > 12 ? true : b > 12 ? false : !monthFirst;
    return dayFirst ? iso(+m[3], b, a) : iso(+m[3], a, b);
  }
  return undefined;
}

const QUOTE_NO =
  /\b(?:quot(?:e|ation)|qtn|ref(?:erence)?|devis|offre|cotizaci[oó]n|presupuesto|oferta|angebot|offerte|preventivo|offerta|or[cç]amento|cota[cç][aã]o|proposta)\s*(?:no\.?|number|n\.?\s*[°º]\.?|n[°º.]?|#|nr\.?|num(?:ber|ero|éro)?\.?|nummer)?\s*[:#.]?\s*([A-Z0-9][A-Z0-9\-\/.]*\d[A-Z0-9\-\/]*)/i;
const DATE_LABEL = /\b(?:date|dated|fecha|datum|le|data)\b\s*:?\s*(.+)$/i;
const VALID_DAYS =
  /\b(?:valid(?:ity)?|v[aá]lid[oa]|validez|valable|validit[eé]|g[uü]ltig(?:keit)?|bindefrist|validit[aà]|geldig(?:heid)?|validade)\b[^0-9]{0,30}(\d{1,3})\s*(?:days?|d[ií]as|jours?|tage[n]?|calendar days|giorni|dagen)/i;
const VALID_UNTIL =
  /\b(?:valid until|valid till|valid through|v[aá]lid[oa] hasta|valable jusqu'?au|g[uü]ltig bis|valid[oa] fino al|geldig tot|v[aá]lid[oa] at[eé])(?!\p{L})\s*:?\s*(.+)$/iu;
const TERMS =
  /\b(payment terms?|terms of payment|terms|condiciones de pago|forma de pago|conditions de paiement|modalit[eé]s de paiement|zahlungsbedingungen|zahlungsziel|condizioni di pagamento|pagamento|betalingsvoorwaarden|betalingstermijn|betaling|condi[cç][oõ]es de pagamento|forma de pagamento)\b\s*:?\s*(.+)$/i;
/** A delivery time ("Delivery: 3-4 weeks", "Lieferzeit: 10 Tage"): kept with the payment terms in the notes. */
const DELIVERY =
  /\b(delivery(?: time| period| lead time)?|lead time|plazo de entrega|d[eé]lai de livraison|lieferzeit|liefertermin|tempi di consegna|consegna|levertijd|prazo de entrega)\b\s*:?\s*(.*\d.*)$/i;
const VENDOR_LABEL = /^(?:from|vendor|supplier|seller|proveedor|fournisseur|lieferant|anbieter)\s*:\s*(.+)$/i;
const CURRENCY_LABEL = /\b(?:currency|moneda|divisa|devise|w[aä]hrung|valuta|moeda)\b\s*:?\s*([A-Z]{3}|[$€£]|Rf)/i;
const TITLE =
  /^(quot(e|ation)|sales quot(e|ation)|price quot(e|ation)|devis|cotizaci[oó]n|presupuesto|angebot|offre|proforma|pro forma invoice)\b/i;

/** Fields from the document's text lines (page 1 first). */
export function readHeaderFields(lines: string[]): HeaderFields {
  const out: HeaderFields = {};
  // A line's phrases are separated by wide gaps (two spaces or more): read each on its own, and
  // with the next one when it is only a label ("Date:" | "22 Nov 2026").
  const segments = lines.flatMap((line) => {
    const parts = line.split(/\s{2,}/).map((p) => p.trim()).filter(Boolean);
    return parts.map((p, i) => (/[:#]$/.test(p) && parts[i + 1] ? `${p} ${parts[i + 1]}` : p));
  });
  for (const line of segments) {
    const l = line.trim();
    if (!l) continue;
    if (!out.vendorName) {
      const v = VENDOR_LABEL.exec(l);
      if (v) out.vendorName = v[1].trim();
    }
    if (!out.quoteNumber) {
      const q = QUOTE_NO.exec(l);
      if (q) out.quoteNumber = q[1].replace(/[.]$/, "");
    }
    if (!out.date) {
      const d = DATE_LABEL.exec(l);
      if (d && !/valid/i.test(l)) out.date = findDate(d[1]);
    }
    if (out.validityPeriod === undefined) {
      const v = VALID_DAYS.exec(l);
      if (v) out.validityPeriod = Number(v[1]);
      else {
        const u = VALID_UNTIL.exec(l);
        const until = u ? findDate(u[1]) : undefined;
        if (until) (out as { validUntil?: string }).validUntil = until;
      }
    }
    if (!out.currency) {
      const c = CURRENCY_LABEL.exec(l);
      if (c) out.currency = currencyOf(c[1]) ?? c[1].toUpperCase();
    }
    if (!out.notes) {
      const t = TERMS.exec(l);
      if (t && t[2].trim().length > 1) out.notes = `${t[1]}: ${t[2].trim()}`;
    }
    if (!out.deliveryTime) {
      const d = DELIVERY.exec(l);
      if (d && !isSummaryLine(l)) out.deliveryTime = `${d[1]}: ${d[2].trim()}`;
    }
  }
  // validity "until" a date: days from the quotation's date
  const until = (out as { validUntil?: string }).validUntil;
  delete (out as { validUntil?: string }).validUntil;
  if (out.validityPeriod === undefined && until && out.date) {
    const days = Math.round((Date.parse(until) - Date.parse(out.date)) / 86_400_000);
    if (days > 0 && days < 1000) out.validityPeriod = days;
  }
  if (!out.vendorName) {
    // The letterhead: the first line that is not a title, a label or a number.
    const first = segments.find((l) => {
      const t = l.trim();
      return t.length > 2 && !TITLE.test(t) && !/:/.test(t) && /\p{L}{2}/u.test(t) && !QUOTE_NO.test(t) && !findDate(t);
    });
    if (first) out.vendorName = first.trim();
  }
  return out;
}
