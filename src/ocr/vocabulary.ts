/**
 * The words quotations use, in English, Spanish, French and German: column headers (by the role
 * of the column) and the labels of summary lines (subtotal, tax, shipping...) that are never items.
 * Everything is compared after `normalise` (lower case, accents and punctuation removed).
 */

export type ColumnRole = "lineNo" | "code" | "description" | "quantity" | "unit" | "unitPrice" | "discount" | "total";

export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}%#/ ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const HEADERS: Record<ColumnRole, string[]> = {
  lineNo: ["no", "nr", "#", "pos", "n", "no #", "item no", "item #", "line", "sl no", "s no", "sr no", "ln"],
  code: [
    "code",
    "item code",
    "product code",
    "sku",
    "part no",
    "part number",
    "part #",
    "ref",
    "reference",
    "referencia",
    "ref no",
    "codigo",
    "cod",
    "art nr",
    "artikelnummer",
    "artikel nr",
    "art no",
    "cat no",
    "catalogue no",
  ],
  description: [
    "description",
    "item description",
    "description of goods",
    "item",
    "items",
    "product",
    "products",
    "particulars",
    "details",
    "goods",
    "services",
    "descripcion",
    "concepto",
    "producto",
    "articulo",
    "designation",
    "libelle",
    "produit",
    "article",
    "bezeichnung",
    "beschreibung",
    "artikel",
    "artikelbezeichnung",
    "leistung",
  ],
  quantity: [
    "qty",
    "quantity",
    "qnty",
    "quant",
    "units",
    "cant",
    "cantidad",
    "qte",
    "quantite",
    "menge",
    "anzahl",
    "stk",
  ],
  unit: ["unit", "uom", "u/m", "um", "unidad", "ud", "unite", "einheit", "me", "eh"],
  unitPrice: [
    "unit price",
    "price",
    "rate",
    "unit cost",
    "price each",
    "each",
    "unit rate",
    "precio unitario",
    "precio",
    "precio unit",
    "p unit",
    "prix unitaire",
    "prix unit",
    "prix u",
    "prix",
    "pu",
    "p u",
    "pu ht",
    "prix unitaire ht",
    "einzelpreis",
    "e preis",
    "preis",
    "stuckpreis",
    "ep",
  ],
  discount: [
    "discount",
    "disc",
    "disc %",
    "discount %",
    "descuento",
    "dto",
    "dto %",
    "desc",
    "remise",
    "remise %",
    "rabatt",
    "rabatt %",
    "rab",
  ],
  total: [
    "total",
    "amount",
    "line total",
    "total price",
    "net amount",
    "ext price",
    "extended",
    "extended price",
    "value",
    "importe",
    "total linea",
    "valor",
    "montant",
    "montant ht",
    "total ht",
    "valeur",
    "betrag",
    "gesamt",
    "gesamtpreis",
    "wert",
    "total eur",
    "total usd",
  ],
};

const PHRASES = new Map<string, ColumnRole>();
for (const [role, list] of Object.entries(HEADERS) as [ColumnRole, string[]][]) {
  for (const p of list) PHRASES.set(p, role);
}
const MAX_PHRASE_WORDS = 3;

function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/**
 * The column role of a header phrase (normalised words), if it is one. A misread letter is
 * forgiven in words of three letters or more ("Qté" read as "até"), two in words of seven or more.
 */
export function headerRole(words: string[]): ColumnRole | undefined {
  const phrase = words.join(" ");
  const exact = PHRASES.get(phrase);
  if (exact || words.length !== 1 || phrase.length < 3 || !/^\p{L}+$/u.test(phrase)) return exact;
  const allowed = phrase.length >= 7 ? 2 : 1;
  for (const [p, role] of PHRASES) {
    if (p.includes(" ") || p.length < 3 || Math.abs(p.length - phrase.length) > allowed) continue;
    if (distance(p, phrase) <= allowed) return role;
  }
  return undefined;
}

export { MAX_PHRASE_WORDS };

/** Words that make a line a summary line when it has one of them and only words of this list. */
const SUMMARY_STRONG = new Set([
  "subtotal",
  "sub",
  "total",
  "totals",
  "tax",
  "taxes",
  "vat",
  "gst",
  "hst",
  "pst",
  "shipping",
  "freight",
  "delivery",
  "handling",
  "carriage",
  "postage",
  "discount",
  "rounding",
  "carried",
  "brought",
  "balance",
  "iva",
  "impuesto",
  "impuestos",
  "envio",
  "portes",
  "transporte",
  "descuento",
  "redondeo",
  "suma",
  "tva",
  "ttc",
  "ht",
  "livraison",
  "port",
  "remise",
  "arrondi",
  "report",
  "reporter",
  "sous",
  "mwst",
  "ust",
  "umsatzsteuer",
  "mehrwertsteuer",
  "versand",
  "versandkosten",
  "fracht",
  "rabatt",
  "rundung",
  "ubertrag",
  "zwischensumme",
  "summe",
  "gesamtbetrag",
  "gesamtsumme",
  "nettobetrag",
  "endbetrag",
  "bruttobetrag",
]);
const SUMMARY_WEAK = new Set([
  "grand",
  "net",
  "gross",
  "amount",
  "due",
  "payable",
  "forward",
  "fwd",
  "c/f",
  "b/f",
  "off",
  "round",
  "adjustment",
  "sales",
  "and",
  "&",
  "of",
  "on",
  "at",
  "incl",
  "including",
  "excl",
  "excluding",
  "plus",
  "less",
  "page",
  "to",
  "y",
  "sigue",
  "base",
  "imponible",
  "neto",
  "bruto",
  "a",
  "pagar",
  "de",
  "del",
  "la",
  "el",
  "frais",
  "et",
  "net",
  "payer",
  "montant",
  "und",
  "zzgl",
  "inkl",
  "zu",
  "zahlen",
  "seite",
  "netto",
  "brutto",
  "en",
  "charges",
  "charge",
  "costs",
  "cost",
  "fee",
  "fees",
  "%",
  "usd",
  "eur",
  "gbp",
  "mvr",
  "rf",
  "chf",
]);

/** Whether a row label (its description text) names a subtotal, tax, shipping, discount... line. */
export function isSummaryLabel(label: string): boolean {
  const words = normalise(label).replace(/\d+([.,]\d+)?\s*%?/g, " ").split(" ").filter(Boolean);
  if (!words.length) return false;
  let strong = false;
  for (const w of words) {
    const parts = w.split("/").filter(Boolean);
    for (const p of parts.length ? parts : [w]) {
      if (SUMMARY_STRONG.has(p)) strong = true;
      else if (!SUMMARY_WEAK.has(p) && !SUMMARY_WEAK.has(w)) return false;
    }
  }
  return strong;
}

/** Unit words that may sit beside a quantity ("40 pcs"). */
export const UNIT_WORDS = new Set([
  "pcs",
  "pc",
  "pce",
  "pces",
  "ea",
  "each",
  "unit",
  "units",
  "u",
  "ud",
  "uds",
  "unid",
  "stk",
  "st",
  "kg",
  "g",
  "t",
  "l",
  "lt",
  "ltr",
  "ml",
  "m",
  "m2",
  "m3",
  "cm",
  "mm",
  "km",
  "box",
  "boxes",
  "bx",
  "set",
  "sets",
  "pair",
  "pairs",
  "pr",
  "roll",
  "rolls",
  "ream",
  "reams",
  "pack",
  "packs",
  "pk",
  "hr",
  "hrs",
  "hour",
  "hours",
  "h",
  "day",
  "days",
  "lot",
  "lots",
  "doz",
  "dozen",
  "carton",
  "ctn",
  "bag",
  "bags",
  "can",
  "bottle",
  "bottles",
  "sheet",
  "sheets",
  "piece",
  "pieces",
  "piece(s)",
  "pieza",
  "piezas",
  "caja",
  "cajas",
  "piece",
  "boite",
  "boites",
  "stuck",
  "karton",
  "paar",
  "std",
]);
