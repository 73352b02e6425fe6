/**
 * Line items from the words of a document: find the table header (its words name the columns in
 * English, Spanish, French or German), cut the page into column bands from it, read each line
 * under it into cells, and keep the lines whose numbers make an item. Lines with only text under
 * an item continue its description; subtotal, tax, shipping, discount, rounding, carried-forward
 * and total lines are never items. A page without a header continues the previous page's table.
 * Documents without any header fall back to "text, then quantity, unit price, total at the end
 * of the line", kept only when the arithmetic adds up.
 */
import { blockItems } from "./blocks.ts";
import { type Check, checkRow } from "./check.ts";
import { balanced, reconcileTotals } from "./reconcile.ts";
import { groupLines, type Line, lineText, type PageWords, typicalHeight, type Word } from "./layout.ts";
import { type Amount, currencyOf, type DecimalMark, formatAmount, looksNumeric } from "./numbers.ts";
import {
  type ColumnRole,
  headerRole,
  isOptionalSection,
  isSummaryLabel,
  MAX_PHRASE_WORDS,
  normalise,
  UNIT_WORDS,
} from "./vocabulary.ts";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ExtractedItem {
  name: string;
  code?: string;
  quantity: string;
  unit?: string;
  unitPrice: string;
  discountPercent?: string;
  totalPrice: string;
  confidence: number;
  /** Per cell, for colouring the review table. */
  cellConfidence: { name: number; quantity: number; unitPrice: number; totalPrice: number };
  check: Check;
  page: number;
  /** Where the row is on its page, as fractions of the page size. */
  box: Box;
}

interface Column {
  role: ColumnRole;
  x0: number;
  x1: number;
  /** Its extent takes in the figures under it (alignColumns), not only its header words. */
  aligned?: boolean;
}

interface Header {
  columns: Column[];
  y1: number;
  /** Page width the columns were measured on. */
  width: number;
}

// Tax and gross columns are numeric (a description stops at them) and otherwise read past.
const NUMERIC_ROLES = new Set<ColumnRole>(["quantity", "unitPrice", "discount", "tax", "gross", "total", "lineNo"]);

/** The header of a line, when its words name a description (or code) and two numeric columns. */
/** Header words for a description that name an item's number or code when a description column follows. */
const GENERIC_NAMES = new Set(["item", "items", "product", "article", "artikel", "articulo", "articolo", "artigo"]);

export function findHeader(line: Line, width: number): Header | undefined {
  const words = line.words;
  const cells: (Column & { text: string })[] = [];
  const unnamed: Word[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let k = Math.min(MAX_PHRASE_WORDS, words.length - i); k >= 1; k--) {
      const span = words.slice(i, i + k);
      // A phrase is one cell: its words close together ("Item   Description" are two columns).
      if (span.some((w, j) => j && w.x0 - span[j - 1].x1 > (w.y1 - w.y0) * 1.5)) continue;
      const norm = span.map((w) => normalise(w.text)).filter(Boolean);
      const role = norm.length ? headerRole(norm) : undefined;
      // "Item | Description": the first names the item's number or code, the second its description.
      const earlier = cells.find((c) => c.role === role);
      if (
        role === "description" && earlier && GENERIC_NAMES.has(earlier.text) && !cells.some((c) => c.role === "code")
      ) {
        earlier.role = "code";
      }
      if (role && !cells.some((c) => c.role === role)) {
        // A stray mark read before a column name ("+ Description" for "# Description") is not part of it.
        const named = span.filter((w) => normalise(w.text));
        cells.push({ role, x0: named[0].x0, x1: named[named.length - 1].x1, text: norm.join(" ") });
        i += k;
        matched = true;
        break;
      }
    }
    if (!matched) unnamed.push(words[i++]);
  }
  const roles = new Set(cells.map((c) => c.role));
  const numeric = ["quantity", "unitPrice", "total"].filter((r) => roles.has(r as ColumnRole)).length;
  if (!(roles.has("description") || roles.has("code")) || numeric < 2) return undefined;
  // A header has few words besides its column names.
  if (words.length > cells.length * 3 + 2) return undefined;
  // Header words left of the first named column that name nothing known ("N.º" read as "N.2",
  // "Art.-Nr." as "Art."): a column of their own (line numbers, codes), not the description's start.
  const first = Math.min(...cells.map((c) => c.x0));
  const left = unnamed.filter((w) => w.x1 < first - (w.y1 - w.y0) * 0.5 && /[\p{L}\p{N}#]/u.test(w.text));
  if (left.length) {
    cells.push({
      role: "other",
      x0: left[0].x0,
      x1: left[left.length - 1].x1,
      text: left.map((w) => w.text).join(" "),
    });
  }
  return { columns: cells.sort((a, b) => a.x0 - b.x0), y1: line.y1, width };
}

/**
 * A header whose cells wrap onto a second line ("Unit" over "Price", "Quan-" over "tity"): the two
 * lines as one, each column's words stacked into one phrase. Words of the second line join the
 * words of the first they overlap horizontally. Undefined when the lines are apart or hold amounts.
 */
export function stackedHeader(a: Line, b: Line | undefined): Line | undefined {
  if (!b) return undefined;
  const h = Math.max(1, Math.min(a.y1 - a.y0, b.y1 - b.y0));
  if (b.y0 - a.y1 > h * 0.8 || [...a.words, ...b.words].some((w) => /\d[.,]\d/.test(w.text))) return undefined;
  const groups: Word[][] = a.words.map((w) => [w]);
  for (const w of b.words) {
    const over = groups.filter((g) => g.some((x) => x.x0 < w.x1 && w.x0 < x.x1));
    const merged = [...over.flat(), w];
    for (const g of over) groups.splice(groups.indexOf(g), 1);
    groups.push(merged);
  }
  if (groups.length === a.words.length + b.words.length) return undefined;
  const words = groups.map((g): Word => {
    const upper = g.filter((w) => a.words.includes(w)).sort((p, q) => p.x0 - q.x0);
    const lower = g.filter((w) => !a.words.includes(w)).sort((p, q) => p.x0 - q.x0);
    const top = upper.map((w) => w.text).join(" ");
    const bottom = lower.map((w) => w.text).join(" ");
    // "Quan-" over "tity" is one word.
    const text = !top ? bottom : !bottom ? top : top.endsWith("-") ? top.slice(0, -1) + bottom : `${top} ${bottom}`;
    return {
      text,
      x0: Math.min(...g.map((w) => w.x0)),
      y0: Math.min(...g.map((w) => w.y0)),
      x1: Math.max(...g.map((w) => w.x1)),
      y1: Math.max(...g.map((w) => w.y1)),
      conf: Math.min(...g.map((w) => w.conf)),
    };
  }).sort((p, q) => p.x0 - q.x0);
  return { words, x0: Math.min(a.x0, b.x0), y0: a.y0, x1: Math.max(a.x1, b.x1), y1: b.y1 };
}

/**
 * The column a point falls in: edges halfway between neighbouring columns, except after the
 * description, which is left-aligned and runs on towards the next column: when that column's
 * extent is known from its figures (alignColumns), the edge is a character height before it starts
 * ("(rollo de 10 uds.)" ends a long description, not the quantity).
 */
function bandOf(columns: Column[], x: number, h = 0): Column {
  for (let i = 0; i < columns.length - 1; i++) {
    const mid = (columns[i].x1 + columns[i + 1].x0) / 2;
    const edge = columns[i].role === "description" && columns[i + 1].aligned
      ? Math.max(mid, columns[i + 1].x0 - h)
      : mid;
    if (x < edge) return columns[i];
  }
  return columns[columns.length - 1];
}

type Cells = Partial<Record<ColumnRole, Word[]>>;

/**
 * A short first word standing apart, left of where the description column starts, when the header
 * names nothing there: a column the header reading lost ("#" misread), line numbers usually (a
 * fax reads "1", "2", "3" as "=", "ND", "©"). It is no part of the description.
 */
function unnamedLeftColumn(words: Word[], columns: Column[]): number {
  const desc = columns.find((c) => c.role === "description");
  if (!desc || columns.some((c) => c.x0 < desc.x0 && c.role !== "other")) return 0;
  // One or two marks (a stamp's stroke beside a misread number: "1 N"), then the description.
  for (let k = 1; k <= 2 && k < words.length; k++) {
    const lead = words.slice(0, k);
    const next = words[k];
    const h = Math.max(1, lead[0].y1 - lead[0].y0);
    if (lead.some((w) => w.text.length > 3 || w.x1 >= desc.x0 - h * 0.5)) return 0;
    if (next.x0 - lead[k - 1].x1 > h * 1.5 && next.x0 > desc.x0 - h) return k;
  }
  return 0;
}

/** Fewer than five letters, starting three character heights or more inside the description column. */
function strayMarks(words: Word[] | undefined, columns: Column[]): boolean {
  const desc = columns.find((c) => c.role === "description");
  if (!words?.length || !desc) return false;
  const h = Math.max(1, words[0].y1 - words[0].y0);
  const letters = words.map((w) => w.text).join("").match(/\p{L}/gu)?.length ?? 0;
  return letters < 5 && words[0].x0 > desc.x0 + h * 3;
}

/** Beyond the last column's right edge is outside the table (a sidebar beside it, a stamp). */
function beyondTable(columns: Column[], w: Word): boolean {
  const right = columns[columns.length - 1];
  return !!right && right.role !== "description" && w.x0 > right.x1 + (w.y1 - w.y0) * 2;
}

function cellsOf(line: Line, columns: Column[]): Cells {
  const cells: Cells = {};
  let sawNumber = false;
  const words = line.words.slice(unnamedLeftColumn(line.words, columns))
    .flatMap((w) => bandOf(columns, (w.x0 + w.x1) / 2, w.y1 - w.y0).role === "quantity" ? splitUnit(w) : [w]);
  let prev: { role: ColumnRole; w: Word } | undefined;
  for (const w of words) {
    if (beyondTable(columns, w)) continue;
    let role = bandOf(columns, (w.x0 + w.x1) / 2, w.y1 - w.y0).role;
    const numeric = looksNumeric(w.text) || /^[$€£%()]+$/.test(w.text);
    // A long description runs into the next band: text before the first number stays description.
    // So does a word in a unit column that is no unit ("ports" of "2 HDMI ports" over "UOM").
    // (only when it follows the description's words closely: a misread unit like "pes" sits
    // apart, across the column gap).
    const runsOn = NUMERIC_ROLES.has(role) ||
      (role === "unit" && prev?.role === "description" && w.x0 - prev.w.x1 < (w.y1 - w.y0) * 1.2);
    if (runsOn && role !== "lineNo" && !numeric && !sawNumber && !UNIT_WORDS.has(normalise(w.text))) {
      role = columns.some((c) => c.role === "description") ? "description" : role;
    }
    // A line number is the row's first word: a description starting left of its header word
    // ("10  Monitor 27 Zoll" under "Pos.  Bezeichnung") is still description.
    if (role === "lineNo" && prev && columns.some((c) => c.role === "description")) role = "description";
    if (NUMERIC_ROLES.has(role) && numeric && role !== "lineNo") sawNumber = true;
    // An unnamed column's words (line numbers, codes) are no part of the item.
    if (role !== "other") (cells[role] ??= []).push(w);
    prev = { role, w };
  }
  // A unit column the header reading missed: a unit word ending the description across a column
  // gap ("Anwenderschulung, halber Tag      St.") is the unit, not part of the name.
  const desc = cells.description;
  if (desc && !cells.unit && unitApart(desc, 1.5)) cells.unit = [desc.pop()!];
  return cells;
}

/**
 * Whether the last of a description's words is a unit in a cell of its own: a unit word standing
 * more than `gap` character heights after the word before it ("(box of 5 reams)" is description).
 */
function unitApart(words: Word[], gap: number): boolean {
  if (words.length < 2) return false;
  const [before, last] = words.slice(-2);
  return UNIT_WORDS.has(normalise(last.text)) && !/[()]/.test(last.text) &&
    last.x0 - before.x1 > (last.y1 - last.y0) * gap;
}

const text = (ws?: Word[]) => (ws ?? []).map((w) => w.text).join(" ").trim();
const minConf = (ws?: Word[]) => (ws?.length ? Math.min(...ws.map((w) => w.conf)) : 1);

/** "40 pcs" → quantity "40", unit "pcs"; "pcs 40" too. */
function splitQuantity(ws: Word[] | undefined): { quantity?: string; unit?: string; spill?: string } {
  if (!ws?.length) return {};
  const nums = ws.filter((w) => looksNumeric(w.text));
  const units = ws.filter((w) => !looksNumeric(w.text) && UNIT_WORDS.has(normalise(w.text)));
  if (!nums.length) return {};
  return {
    quantity: nums.map((w) => w.text).join(""),
    unit: units.length ? units.map((w) => w.text).join(" ") : undefined,
    // "box of 50 | 40": a description's last number may fall into the quantity band.
    spill: nums.length > 1 ? nums.slice(0, -1).map((w) => w.text).join(" ") : undefined,
  };
}

/** The amount text of a cell: its numeric words; the last number when a band caught two. */
function amountText(ws: Word[] | undefined): string | undefined {
  if (!ws?.length) return undefined;
  const parts = ws.filter((w) => looksNumeric(w.text) || /^[$€£()\-−]+$/.test(w.text)).map((w) => w.text);
  if (!parts.length) return undefined;
  const joined = parts.join(" ");
  // "1 234,56" is one number; "125.50 5,020.00" are two: keep the last group with a decimal mark.
  const groups = joined.match(/[(\-−]?[$€£]?\s?\d[\d\s.,']*\d?\)?/g) ?? [joined];
  return groups.length > 1 && groups.every((g) => /[.,]\d{1,2}\)?$/.test(g.trim()))
    ? groups[groups.length - 1].trim()
    : joined.trim();
}

interface Row {
  name: string[];
  /** The row follows a subtotal or total line: kept only if its arithmetic checks (terms, notes). */
  afterTotals?: boolean;
  /** Numbers before the last one in the quantity band (see splitQuantity). */
  spill?: string;
  code?: string;
  quantity?: string;
  unit?: string;
  unitPrice?: string;
  discount?: string;
  total?: string;
  conf: { name: number; quantity: number; unitPrice: number; totalPrice: number };
  words: Word[];
  page: PageWords;
  lastY1: number;
  lineHeight: number;
}

function toBox(words: Word[], page: PageWords): Box {
  const x0 = Math.min(...words.map((w) => w.x0));
  const y0 = Math.min(...words.map((w) => w.y0));
  const x1 = Math.max(...words.map((w) => w.x1));
  const y1 = Math.max(...words.map((w) => w.y1));
  const r = (n: number) => Math.round(n * 10_000) / 10_000;
  return { x: r(x0 / page.width), y: r(y0 / page.height), w: r((x1 - x0) / page.width), h: r((y1 - y0) / page.height) };
}

const amount = (a: Amount | undefined, decimals = 2) => (a ? formatAmount(a.milli, decimals) : "");

/** Ends in a decimal mark and two digits: "1,234.56", "12,50", "(3.00)". */
const TWO_DECIMALS = /[.,]\d{2}\)?$/;
/** Digits only (a currency or spaces aside): a money cell whose decimal mark may have been lost. */
const NO_MARK = /^\d{3,}$/;
const bare = (s: string) => s.replace(/[$€£\s]|MVR|Rf\.?/g, "");

/**
 * Money columns whose other OCR'd cells print two decimals (at least two of them): a cell there
 * without a mark most likely lost it (blur, low resolution) and is read with it put back first.
 * Text layers keep their marks, so only recognised rows count.
 */
export function lostDecimalFields(rows: { unitPrice?: string; total?: string; ocr: boolean }[]) {
  const out = rows.map(() => new Set<"unitPrice" | "total">());
  for (const field of ["unitPrice", "total"] as const) {
    const cells = rows.map((r) => (r.ocr && r[field] ? bare(r[field]!) : undefined));
    const withDecimals = cells.filter((c) => c && TWO_DECIMALS.test(c)).length;
    cells.forEach((c, i) => {
      // At least two other cells of the column show two decimals.
      if (c && NO_MARK.test(c) && withDecimals >= 2) out[i].add(field);
    });
  }
  return out;
}

/**
 * A description without the marks a scan leaves between words: tokens of nothing but dots, commas,
 * colons, quotes, degree signs, bars, brackets, backslashes or signs like "=" (a speck, a
 * shadow's edge or a ruling's remains) mean nothing on their own. Dashes, slashes, "&" and "+"
 * between words do, and stay.
 */
export function tidyName(s: string): string {
  return s.split(/\s+/).filter((t) => t && !/^[.,:;'"`‚„“”‘’°|\\_~^*=<>{}\[\]!?«»]+$/.test(t)).join(" ");
}

/**
 * A description's lines as one: a line broken after a hyphen inside a word or code ("MU-" over
 * "PC1T0T") joins without a space; tables break lines at hyphens that are part of the text.
 */
export function joinNameLines(lines: string[]): string {
  return lines.reduce(
    (all, line) => (!all ? line : /\p{L}[\p{L}\d]*-$|\d-$/u.test(all) ? all + line : `${all} ${line}`),
    "",
  );
}

/** `repair`: a row one digit from adding up may be corrected (not where arithmetic alone makes an item). */
function finish(
  row: Row,
  mark: DecimalMark,
  lost?: Set<"unitPrice" | "total">,
  repair = true,
): ExtractedItem | undefined {
  const name = tidyName(joinNameLines(row.name));
  if (!name) return undefined;
  let checked = checkRow(
    { quantity: row.quantity, unitPrice: row.unitPrice, total: row.total, discountPercent: row.discount },
    mark,
    lost,
    repair && !row.spill,
  );
  let finalName = name;
  if (checked.check === "unverified" && row.spill && row.quantity) {
    // Two numbers in the quantity band: the last one is the quantity when that makes the line add up.
    const last = row.quantity.slice(row.spill.replace(/ /g, "").length);
    const retry = checkRow(
      { quantity: last, unitPrice: row.unitPrice, total: row.total, discountPercent: row.discount },
      mark,
      lost,
      repair,
    );
    if (retry.check !== "unverified") {
      checked = retry;
      // The number ends the first line of the description, before any continuation lines.
      finalName = tidyName([`${row.name[0] ?? ""} ${row.spill}`, ...row.name.slice(1)].join(" "));
    }
  }
  if (!checked.quantity || !checked.unitPrice || !checked.total) return undefined;
  const low = (field: "quantity" | "unitPrice" | "total", c: number) =>
    checked.check === "unverified" ? Math.min(c, 0.55) : checked.corrected.has(field) ? Math.min(c, 0.7) : c;
  const cellConfidence = {
    name: row.conf.name,
    quantity: low("quantity", row.conf.quantity),
    unitPrice: low("unitPrice", row.conf.unitPrice),
    totalPrice: low("total", row.conf.totalPrice),
  };
  const confidence = Math.round(Math.min(...Object.values(cellConfidence)) * 100) / 100;
  return {
    name: finalName,
    ...(row.code ? { code: row.code } : {}),
    quantity: amount(checked.quantity, 0),
    ...(row.unit ? { unit: row.unit } : {}),
    unitPrice: amount(checked.unitPrice),
    ...(checked.discountPercent?.milli ? { discountPercent: amount(checked.discountPercent, 0) } : {}),
    totalPrice: amount(checked.total),
    confidence,
    cellConfidence,
    check: checked.check,
    page: row.page.page,
    box: toBox(row.words, row.page),
  };
}

/** A line's text for comparing pages: its numbers as "#" (a page number differs, "Seite 1 / 2"). */
const lineKey = (l: Line) => lineText(l).toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();

/**
 * Lines printed the same at the top or the bottom of two pages or more (a running header or
 * footer: the seller's address, bank and tax numbers). A table's header repeated on each page is
 * not one of them.
 */
function runningLines(pages: { page: PageWords; lines: Line[] }[]): Set<string> {
  const seen = new Map<string, number>();
  for (const { page, lines } of pages) {
    const header = (l: Line | undefined) => !!l && !!findHeader(l, page.width);
    const edge = lines.filter((l, i) =>
      (l.y1 < page.height * 0.15 || l.y0 > page.height * 0.85) && !header(l) &&
      !header(stackedHeader(l, lines[i + 1])) && !(i > 0 && header(stackedHeader(lines[i - 1], l)))
    );
    for (const key of new Set(edge.map(lineKey))) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return new Set(
    [...seen].filter(([key, n]) => n >= 2 && key.replace(/[^\p{L}]/gu, "").length >= 20).map(([key]) => key),
  );
}

export interface TableResult {
  items: ExtractedItem[];
  /** The line totals add up to an amount on a subtotal/total line (undefined without such a line). */
  balanced?: boolean;
  /** Currency printed in the amount cells, if any. */
  currency?: string;
  headerFound: boolean;
}

/** Items of a whole document, pages in order. */
export function extractItems(pages: PageWords[], mark: DecimalMark): TableResult {
  // Rows are finished once the whole table is known (a column's format decides some readings).
  const rows: Row[] = [];
  /** Amounts of the subtotal, tax, total... lines, for the document-level check. */
  const summaries: string[] = [];
  let header: Header | undefined;
  let headerFound = false;
  const currencies = new Map<string, number>();
  /** Inside an optional part ("Optional items"): how many table headers it has had. */
  let optional: { headers: number } | undefined;
  const paged = pages.map((page) => ({ page, lines: groupLines(page.words.flatMap(splitWord)) }));
  const running = runningLines(paged);
  for (const { page, lines: all } of paged) {
    // A letterhead or footer printed on every page is no row, whatever numbers it holds.
    const lines = all.filter((l) => !running.has(lineKey(l)));
    const h = typicalHeight(lines);
    let current: Row | undefined;
    let pageHeader: Header | undefined;
    let afterSummary = false;
    /** Bottom of what was read last in the table (the header or a row's last line). */
    let above = -Infinity;
    /** Text-only lines since it: the previous row's description going on, or the next row's starting. */
    let pending: { label: string; line: Line; conf: number }[] = [];
    const continues = (row: Row, p: (typeof pending)[number]) => {
      row.name.push(p.label);
      row.words = [...row.words, ...p.line.words];
      row.conf.name = Math.min(row.conf.name, p.conf);
      row.lastY1 = p.line.y1;
    };
    /** Pending lines right under the current row (a line apart at most) continue its description. */
    const settle = () => {
      for (const p of pending) {
        if (!current || p.line.y0 - current.lastY1 >= Math.max(h, current.lineHeight) * 1.2) break;
        continues(current, p);
      }
      pending = [];
    };
    const flush = () => {
      settle();
      if (current) rows.push(current);
      current = undefined;
    };
    /**
     * A row's numbers came: the pending lines before the widest gap between `above` and the row
     * belong above (the previous row's description), those after it start this row's description
     * (a cell whose text is centred on its numbers). Without a clearly widest gap they go above.
     */
    const leadIn = (row: Line): string[] => {
      if (!pending.length) return [];
      const tops = [...pending.map((p) => p.line.y0), row.y0];
      const bottoms = [above, ...pending.map((p) => p.line.y1)];
      const gaps = tops.map((t, i) => t - bottoms[i]);
      const widest = gaps.indexOf(Math.max(...gaps));
      const others = gaps.filter((_, i) => i !== widest);
      const clear = widest < pending.length && gaps[widest] > Math.max(...others) * 1.5 + h * 0.2;
      const split = clear ? widest : pending.length;
      const before = pending.slice(0, split);
      const after = pending.slice(split);
      pending = before;
      settle();
      return after.map((p) => p.label);
    };
    for (let li = 0; li < lines.length; li++) {
      const line = lines[li];
      if (isOptionalSection(lineText(line))) {
        flush();
        optional = { headers: 0 };
        continue;
      }
      let found = findHeader(line, page.width);
      if (!found) {
        const stacked = stackedHeader(line, lines[li + 1]);
        found = stacked && findHeader(stacked, page.width);
        if (found) li++;
      }
      if (found) {
        found = alignColumns(found, lines.slice(li + 1), h);
        flush();
        // The optional part's own header keeps it optional; a header after that starts a new table.
        if (optional && optional.headers++ > 0) optional = undefined;
        pageHeader = header = found;
        headerFound = true;
        afterSummary = false;
        above = found.y1;
        continue;
      }
      const active = pageHeader ?? (header && scaleHeader(header, page.width));
      if (!active || optional) continue;
      // A sidebar's line between two lines of the table (a two-column page) leaves the row open.
      if (line.words.every((w) => beyondTable(active.columns, w))) continue;
      const cells = cellsOf(line, active.columns);
      const label = text(cells.description);
      const qty = splitQuantity(cells.quantity);
      const unitText = text(cells.unit);
      const priceText = amountText(cells.unitPrice);
      const totalText = amountText(cells.total);
      const discountText = amountText(cells.discount);
      for (const ws of [cells.unitPrice, cells.total]) {
        const c = currencyOf(text(ws));
        if (c) currencies.set(c, (currencies.get(c) ?? 0) + 1);
      }
      const numbers = [qty.quantity, priceText, totalText].filter(Boolean).length;
      if (
        isSummaryLabel(label || text(cells.unitPrice) || text(cells.code)) || (!label && numbers === 1 && totalText)
      ) {
        const last = line.words.filter((w) => looksNumeric(w.text)).pop();
        if (totalText ?? last) summaries.push(totalText ?? last!.text);
        flush();
        afterSummary = true;
        continue;
      }
      // A row's figures may stand on a line of their own, centred on a description of two lines
      // or more: the pending lines above give its description (leadIn), the lines after go on.
      if (numbers >= 2 && (label || text(cells.code) || (pending.length && !afterSummary))) {
        const lead = afterSummary ? [] : leadIn(line);
        flush();
        current = {
          afterTotals: afterSummary,
          name: [...lead, ...(label ? [label] : [])],
          code: text(cells.code) || undefined,
          quantity: qty.quantity,
          spill: qty.spill,
          unit: qty.unit ?? (unitText || undefined),
          unitPrice: priceText,
          discount: discountText,
          total: totalText,
          conf: {
            name: minConf(cells.description),
            quantity: minConf(cells.quantity),
            unitPrice: minConf(cells.unitPrice),
            totalPrice: minConf(cells.total),
          },
          words: line.words,
          page,
          lastY1: line.y1,
          lineHeight: line.y1 - line.y0,
        };
        afterSummary = false;
        above = line.y1;
        continue;
      }
      // Text only, close under the table's last line: the description above going on, or the
      // next row's beginning (decided when that row's numbers come, or at the end of the table).
      const last = pending.length ? pending[pending.length - 1].line.y1 : above;
      // A few marks well inside the description column (what is left of a stamp: "E", "aos Y") are
      // no line of text: a description's next line starts where the column does.
      if (numbers === 0 && strayMarks(cells.description, active.columns)) continue;
      if (!afterSummary && label && numbers === 0 && line.y0 - last < Math.max(h, current?.lineHeight ?? h) * 2.5) {
        pending.push({ label, line, conf: minConf(cells.description) });
        continue;
      }
      flush();
      above = -Infinity;
    }
    flush();
  }
  if (!headerFound) return { ...fallbackItems(pages, mark), headerFound, currency: undefined };
  const items = finishAll(rows, mark, summaries, false);
  const currency = [...currencies.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return { items, currency, headerFound, balanced: balanced(items, summaries, mark) };
}

/** PDF text items can hold a whole phrase: split them into words, spreading the box by characters. */
export function splitWord(w: Word): Word[] {
  const parts = w.text.split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return parts.length ? [w] : [];
  const per = (w.x1 - w.x0) / w.text.length;
  const out: Word[] = [];
  let at = 0;
  for (const p of parts) {
    const start = w.text.indexOf(p, at);
    out.push({ ...w, text: p, x0: w.x0 + start * per, x1: w.x0 + (start + p.length) * per });
    at = start + p.length;
  }
  return out;
}

/**
 * "46box", "12pcs" in the quantity column: a quantity and its unit read as one word (a lost space)
 * become two. Only there: "500ml" in a description is part of the description.
 */
function splitUnit(w: Word): Word[] {
  const m = /^(\d+(?:[.,]\d+)?)(\p{L}{1,6}\.?)$/u.exec(w.text);
  if (!m || !UNIT_WORDS.has(normalise(m[2]))) return [w];
  const per = (w.x1 - w.x0) / w.text.length;
  const cut = w.x0 + m[1].length * per;
  return [{ ...w, text: m[1], x1: cut }, { ...w, text: m[2], x0: cut }];
}

/**
 * The numeric columns' extents from the numbers under the header, not from its words alone: a
 * column's figures are aligned (right, most often) and may sit past the end of its header word
 * ("Menge" left-aligned over right-aligned quantities, "Preis (EUR)" over wider prices). The
 * numbers right of the description are grouped by their right edges (then centres, then left
 * edges); when the groups are as many as the header's numeric columns, each column's extent takes
 * in its group, in order from left to right.
 */
export function alignColumns(header: Header, below: Line[], h: number): Header {
  const numericCols = header.columns.filter((c) => NUMERIC_ROLES.has(c.role) && c.role !== "lineNo");
  const desc = header.columns.findIndex((c) => c.role === "description");
  if (numericCols.length < 2 || desc < 0) return header;
  const after = header.columns[desc + 1];
  const from = after ? (header.columns[desc].x1 + after.x0) / 2 : header.columns[desc].x1;
  const words: Word[] = [];
  for (const line of below) {
    if (findHeader(line, header.width) || isSummaryLabel(lineText(line))) break;
    const nums = joinGroups(line.words, h).filter((w) =>
      (w.x0 + w.x1) / 2 > from && (looksNumeric(w.text) || PERCENT.test(w.text))
    );
    if (nums.length >= 2) words.push(...nums);
  }
  if (words.length < numericCols.length * 2) return header;
  for (const at of [(w: Word) => w.x1, (w: Word) => (w.x0 + w.x1) / 2, (w: Word) => w.x0]) {
    const sorted = [...words].sort((a, b) => at(a) - at(b));
    const groups: Word[][] = [];
    for (const w of sorted) {
      const g = groups[groups.length - 1];
      if (g && at(w) - at(g[g.length - 1]) <= h * 0.8) g.push(w);
      else groups.push([w]);
    }
    const rows = words.length / numericCols.length;
    const kept = groups.filter((g) => g.length >= Math.max(2, rows * 0.3));
    if (kept.length !== numericCols.length) continue;
    const columns = header.columns.map((c) => {
      const i = numericCols.indexOf(c);
      if (i < 0) return c;
      const g = kept[i];
      return {
        ...c,
        x0: Math.min(c.x0, ...g.map((w) => w.x0)),
        x1: Math.max(c.x1, ...g.map((w) => w.x1)),
        aligned: true,
      };
    });
    // Kept only when the columns stay apart and in the header's order.
    if (columns.every((c, i) => i === 0 || c.x0 >= columns[i - 1].x1 - h * 0.2)) return { ...header, columns };
  }
  return header;
}

/**
 * A figure whose thousands are grouped with a space ("7 329,00", French and Swiss style) as one
 * word: a text layer or a reading gives its groups as words of their own, which would count as a
 * column more when the figures' edges are grouped.
 */
function joinGroups(words: Word[], h: number): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (prev && /^\d{1,3}( \d{3})*$/.test(prev.text) && /^\d{3}([.,]\d+)?$/.test(w.text) && w.x0 - prev.x1 <= h * 0.6) {
      out[out.length - 1] = { ...prev, text: `${prev.text} ${w.text}`, x1: w.x1, y1: Math.max(prev.y1, w.y1) };
    } else out.push(w);
  }
  return out;
}

function scaleHeader(h: Header, width: number): Header {
  if (!h.width || Math.abs(h.width - width) < 1) return { ...h, y1: -Infinity };
  const f = width / h.width;
  return { columns: h.columns.map((c) => ({ ...c, x0: c.x0 * f, x1: c.x1 * f })), y1: -Infinity, width };
}

/** Without a header: "description … quantity unit-price total" lines whose arithmetic adds up. */
/**
 * Orders of the numbers that end a line without a header, as roles: quantity, unit price, discount
 * percent, line total. The first is the usual one.
 */
const ORDERS = [["q", "p", "t"], ["p", "q", "t"], ["q", "p", "d", "t"], ["p", "q", "d", "t"], ["q", "d", "p", "t"]];

/** Whether the last numbers of a line, read in `order`, add up exactly. */
function addsUp(nums: Word[], order: string[], mark: DecimalMark): boolean {
  if (nums.length < order.length) return false;
  const take = nums.slice(-order.length);
  const at = (role: string) => (order.includes(role) ? take[order.indexOf(role)].text : undefined);
  const d = at("d");
  if (d !== undefined && !/^\d{1,2}([.,]\d+)?%?$/.test(d)) return false;
  return checkRow({ quantity: at("q"), unitPrice: at("p"), discountPercent: d, total: at("t") }, mark, new Set(), false)
    .check === "verified";
}

/** How much a reading looks like what is printed where: a whole quantity, a price with cents. */
function formatScore(nums: Word[], order: string[]): number {
  const take = nums.slice(-order.length);
  const q = take[order.indexOf("q")].text;
  const p = take[order.indexOf("p")].text;
  return (/^\d+$/.test(q) ? 1 : 0) + (/[.,]\d{2}$/.test(p) ? 1 : 0);
}

/**
 * The order of a line's last numbers: the document's own (`preferred`, the one most of its lines
 * add up in) when this line adds up in it, else the first that adds up, else the usual one.
 */
function orderOf(nums: Word[], mark: DecimalMark, preferred: string[]): string[] {
  if (addsUp(nums, preferred, mark)) return preferred;
  return ORDERS.find((o) => addsUp(nums, o, mark)) ?? ORDERS[0];
}

/** The order most lines of a document add up in, formats breaking ties (4 × 89.00, not 89.00 × 4). */
function documentOrder(lines: Word[][], mark: DecimalMark): string[] {
  const votes = ORDERS.map(() => 0);
  for (const nums of lines) {
    ORDERS.forEach((o, i) => {
      if (addsUp(nums, o, mark)) votes[i] += 1 + formatScore(nums, o) / 4;
    });
  }
  const best = Math.max(...votes);
  return best > 0 ? ORDERS[votes.indexOf(best)] : ORDERS[0];
}

/** The numbers that end a line (its trailing numeric words), and where the text before them ends. */
function trailingNumbers(ws: Word[]): { nums: Word[]; textEnd: number } {
  const numeric = (w: Word) => looksNumeric(w.text) || PERCENT.test(w.text);
  let i = ws.length;
  // Currency signs and "8 × £18.00", "8 @ 18.00" signs between the figures are passed over.
  while (i > 0 && (numeric(ws[i - 1]) || /^([$€£%×*@=]+|x)$/.test(ws[i - 1].text))) i--;
  return { nums: ws.slice(i).filter(numeric), textEnd: i };
}

/** A percentage, a discount column's cell: "10%", "2,5 %". */
const PERCENT = /^\d{1,3}([.,]\d+)?%$/;

function fallbackItems(pages: PageWords[], mark: DecimalMark): { items: ExtractedItem[]; balanced?: boolean } {
  const rows: Row[] = [];
  const summaries: string[] = [];
  // Each page's lines, grouped once for the three passes below.
  const paged = pages.map((page) => ({ page, lines: groupLines(page.words.flatMap(splitWord)) }));
  const preferred = documentOrder(
    paged.flatMap(({ lines }) => lines.map((l) => trailingNumbers(l.words).nums)),
    mark,
  );
  for (const { page, lines } of paged) {
    const h = typicalHeight(lines);
    let current: Row | undefined;
    for (const line of lines) {
      const ws = line.words;
      const { nums, textEnd: i } = trailingNumbers(ws);
      if (nums.length && nums.length < 3 && i && isSummaryLabel(ws.slice(0, i).map((w) => w.text).join(" "))) {
        summaries.push(nums[nums.length - 1].text);
        current = undefined;
        continue;
      }
      if (nums.length < 3 || !i) {
        // Text only, right under an item and starting where its description starts: it goes on.
        const x0 = current?.words[0].x0 ?? 0;
        if (
          current && !nums.length &&
          line.y0 - current.lastY1 < Math.max(h, current.lineHeight) * 1.2 && Math.abs(line.x0 - x0) < h * 1.5 &&
          !isSummaryLabel(lineText(line))
        ) {
          current.name.push(ws.map((w) => w.text).join(" "));
          current.words = [...current.words, ...ws];
          current.lastY1 = line.y1;
        } else current = undefined;
        continue;
      }
      const order = orderOf(nums, mark, preferred);
      const take = nums.slice(-order.length);
      const at = (role: string) => take[order.indexOf(role)];
      const [q, p, t, d] = [at("q"), at("p"), at("t"), order.includes("d") ? at("d") : undefined];
      // Numbers before those end the description ("A4 paper, 500 | 36 | 44.26 | 1,593.36").
      let labelWords = ws.slice(0, ws.indexOf(take[0]));
      let unit: string | undefined;
      if (unitApart(labelWords, 1.2)) {
        unit = labelWords[labelWords.length - 1].text;
        labelWords = labelWords.slice(0, -1);
      }
      if (/^\d{1,3}[.)]?$/.test(labelWords[0]?.text ?? "") && labelWords.length > 1) labelWords = labelWords.slice(1);
      const label = labelWords.map((w) => w.text).join(" ");
      current = undefined;
      if (isSummaryLabel(label)) continue;
      current = {
        name: [label],
        quantity: q.text,
        unit,
        unitPrice: p.text,
        discount: d?.text,
        total: t.text,
        conf: { name: minConf(labelWords), quantity: q.conf, unitPrice: p.conf, totalPrice: t.conf },
        words: ws,
        page,
        lastY1: line.y1,
        lineHeight: line.y1 - line.y0,
      };
      rows.push(current);
    }
  }
  // No line ends in its figures: items laid out as blocks (cards, "Qty: 3" under the name).
  if (!rows.length) {
    for (const { page, lines } of paged) {
      for (const b of blockItems(lines, mark, typicalHeight(lines))) {
        rows.push({
          name: [b.nameWords.map((w) => w.text).join(" ")],
          quantity: b.quantity.text,
          unit: b.unit,
          unitPrice: b.unitPrice.text,
          total: b.total.text,
          conf: {
            name: minConf(b.nameWords),
            quantity: b.quantity.conf,
            unitPrice: b.unitPrice.conf,
            totalPrice: b.total.conf,
          },
          words: lines[b.last].words,
          page,
          lastY1: lines[b.last].y1,
          lineHeight: lines[b.last].y1 - lines[b.last].y0,
        });
      }
    }
  }
  const items = finishAll(rows, mark, summaries, true);
  return { items, balanced: balanced(items, summaries, mark) };
}

/** The rows made items, read with their columns' formats, then checked against the document's sums. */
function finishAll(rows: Row[], mark: DecimalMark, summaries: string[], checkedOnly: boolean): ExtractedItem[] {
  const recognised = new Set(rows.map((r) => r.page).filter((p) => p.words.some((w) => w.conf < 1)));
  const lost = lostDecimalFields(rows.map((r) => ({ ...r, ocr: recognised.has(r.page) })));
  const kept = rows.flatMap((r, i) => {
    const item = finish(r, mark, lost[i], !checkedOnly && !r.afterTotals);
    return item && ((!checkedOnly && !r.afterTotals) || item.check !== "unverified") ? [{ item, raw: r }] : [];
  });
  return reconcileTotals(kept.map((k) => k.item), kept.map((k) => k.raw), summaries, mark);
}
