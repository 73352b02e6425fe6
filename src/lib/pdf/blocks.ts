/**
 * The blocks the documents share, drawn with the PDF writer: label and value rows, a table of lines
 * whose one wrapping column may take several lines (its header again on every new page), and the
 * totals under it. Positions are logical x (from the start edge), so they serve both directions.
 */
import type { PdfWriter } from "./writer.ts";

/** Label and value rows: the label at the start margin, the value wrapped from `labelWidth` on. */
export function fields(w: PdfWriter, rows: [string, string][], labelWidth: number) {
  for (const [label, value] of rows) {
    const lines = w.wrap(value, w.contentWidth - labelWidth);
    w.ensure(lines.length * 14);
    w.text(label, w.margin, { bold: true });
    lines.forEach((line, i) => {
      if (i) w.down(14);
      w.text(line, w.margin + labelWidth);
    });
    w.down(16);
  }
}

export interface Column {
  heading: string;
  /** Logical x of the column: where its text starts, or ends with `align: "end"` (numbers). */
  x: number;
  align?: "start" | "end";
  /** The column that wraps, this wide; the others are one line. */
  wrap?: number;
}

/** A table: the headings (size `headingSize`) over a rule, then a row per entry of `rows`. */
export function table(w: PdfWriter, columns: Column[], rows: string[][], headingSize = 10) {
  const header = () => {
    for (const c of columns) w.text(c.heading, c.x, { bold: true, size: headingSize, align: c.align });
    w.down(6);
    w.rule();
    w.down(14);
  };
  const wrapping = columns.findIndex((c) => c.wrap);
  w.ensure(60);
  header();
  for (const row of rows) {
    const wrapped = wrapping < 0 ? [] : w.wrap(row[wrapping], columns[wrapping].wrap!);
    if (w.ensure(Math.max(wrapped.length, 1) * 14 + 4)) header();
    columns.forEach((c, i) => w.text(i === wrapping ? wrapped[0] : row[i], c.x, { align: c.align }));
    for (const more of wrapped.slice(1)) {
      w.down(14);
      w.text(more, columns[wrapping].x);
    }
    w.down(18);
  }
}

/** Totals under a table: a thin rule, then each label ending at `labelX` and its amount at `valueX`. */
export function totals(
  w: PdfWriter,
  rows: [label: string, value: string, strong: boolean][],
  labelX: number,
  valueX: number,
) {
  w.ensure(rows.length * 18 + 20);
  w.down(-8);
  w.rule(0.3);
  w.down(16);
  for (const [label, value, strong] of rows) {
    w.text(label, labelX, { bold: strong, align: "end" });
    w.text(value, valueX, { bold: strong, align: "end", size: strong ? 11 : 10 });
    w.down(18);
  }
  w.down(10);
}
