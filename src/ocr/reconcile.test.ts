/**
 * Rules that use the whole document to read a row: a money column's format (two decimals) and the
 * document's subtotal decide between a reading as printed and one with lost decimal marks put back.
 */
import assert from "node:assert/strict";
import { readDocument } from "./document.ts";
import { assess, interpret } from "./extract.ts";
import type { Recogniser } from "./recognise.ts";
import type { Word } from "./layout.ts";

/** A line of recognised words: [text, x] pairs on one baseline. */
function line(y: number, ...cells: [string, number][]): Word[] {
  return cells.flatMap(([t, x]) => {
    let at = x;
    return t.split(" ").map((text) => {
      const w = { text, x0: at, x1: at + text.length * 6, y0: y, y1: y + 12, conf: 0.9 };
      at = w.x1 + 5;
      return w;
    });
  });
}
const page = (words: Word[]) => ({ page: 1, width: 600, height: 800, words });
const rows = (r: ReturnType<typeof interpret>) =>
  r.items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice, i.check]);

Deno.test("[ocr] a price and total read without their decimal marks, in columns that print two decimals, get them back", () => {
  const words = [
    ...line(100, ["Description", 40], ["Qty", 300], ["Price", 360], ["Amount", 470]),
    ...line(130, ["Safety helmet", 40], ["55", 300], ["16187", 360], ["890285", 470]),
    ...line(150, ["Network switch", 40], ["43", 300], ["151.91", 360], ["6,532.13", 470]),
    ...line(170, ["LED monitor", 40], ["40", 300], ["126.42", 360], ["5,056.80", 470]),
  ];
  assert.deepEqual(rows(interpret([page(words)])), [
    ["Safety helmet", "55", "161.87", "8902.85", "corrected"],
    ["Network switch", "43", "151.91", "6532.13", "verified"],
    ["LED monitor", "40", "126.42", "5056.80", "verified"],
  ]);
});

Deno.test("[ocr] a text layer's whole numbers in a column of decimals are taken as printed", () => {
  const words = [
    ...line(100, ["Description", 40], ["Qty", 300], ["Price", 360], ["Amount", 470]),
    ...line(130, ["Safety helmet", 40], ["55", 300], ["16187", 360], ["890285", 470]),
    ...line(150, ["Network switch", 40], ["43", 300], ["151.91", 360], ["6,532.13", 470]),
    ...line(170, ["LED monitor", 40], ["40", 300], ["126.42", 360], ["5,056.80", 470]),
  ].map((w) => ({ ...w, conf: 1 }));
  assert.deepEqual(rows(interpret([page(words)]))[0], ["Safety helmet", "55", "16187.00", "890285.00", "verified"]);
});

Deno.test("[ocr] rows whose marks were all lost are corrected when that makes the line totals add up to the subtotal", () => {
  const words = [
    ...line(100, ["Description", 40], ["Qty", 300], ["Price", 360], ["Amount", 470]),
    ...line(130, ["Safety helmet", 40], ["55", 300], ["16187", 360], ["890285", 470]),
    ...line(150, ["Network switch", 40], ["43", 300], ["15191", 360], ["653213", 470]),
    ...line(170, ["LED monitor", 40], ["40", 300], ["12642", 360], ["505680", 470]),
    ...line(190, ["Copy paper", 40], ["36", 300], ["44.26", 360], ["1,593.36", 470]),
    ...line(220, ["Subtotal", 300], ["22,085.14", 470]),
    ...line(240, ["GST 8%", 300], ["1,766.81", 470]),
    ...line(260, ["Total", 300], ["23,876.95", 470]),
  ];
  assert.deepEqual(rows(interpret([page(words)])), [
    ["Safety helmet", "55", "161.87", "8902.85", "corrected"],
    ["Network switch", "43", "151.91", "6532.13", "corrected"],
    ["LED monitor", "40", "126.42", "5056.80", "corrected"],
    ["Copy paper", "36", "44.26", "1593.36", "verified"],
  ]);
  // Without a sum to agree with, the rows stay as printed.
  const alone = words.filter((w) => w.y0 < 200);
  assert.equal(rows(interpret([page(alone)]))[0][2], "16187.00");
});

Deno.test("[ocr] without a table header, a number ending the description stays in it and its next line continues it", () => {
  const words = [
    ...line(100, ["em", 40], ["Qty", 300], ["Price", 360]),
    ...line(130, ["A4 copy paper 80gsm, 500", 40], ["36", 300], ["44.26", 360], ["1,593.36", 470]),
    ...line(146, ["sheets", 40]),
    ...line(170, ["Desk, oak", 40], ["2", 300], ["100.00", 360], ["200.00", 470]),
    ...line(200, ["Subtotal", 300], ["1,793.36", 470]),
    ...line(216, ["Delivery", 300], ["25.00", 470]),
  ];
  assert.deepEqual(rows(interpret([page(words)])), [
    ["A4 copy paper 80gsm, 500 sheets", "36", "44.26", "1593.36", "verified"],
    ["Desk, oak", "2", "100.00", "200.00", "verified"],
  ]);
});

Deno.test("[ocr] a short word apart, left of the description column the header names first, is not part of the description", () => {
  const words = [
    ...line(100, ["Hf", 10], ["Description", 60], ["Qty", 300], ["Price", 360], ["Amount", 470]),
    ...line(130, ["ND", 10], ["Toner cartridge HP 26A", 60], ["50", 300], ["12.58", 360], ["629.00", 470]),
    ...line(150, ["=", 12], ["Safety helmet", 60], ["2", 300], ["10.00", 360], ["20.00", 470]),
    // A description that starts further left than its header is kept whole.
    ...line(170, ["A4 copy paper", 50], ["1", 300], ["5.00", 360], ["5.00", 470]),
  ];
  assert.deepEqual(rows(interpret([page(words)])), [
    ["Toner cartridge HP 26A", "50", "12.58", "629.00", "verified"],
    ["Safety helmet", "2", "10.00", "20.00", "verified"],
    ["A4 copy paper", "1", "5.00", "5.00", "verified"],
  ]);
  // "#" read as "+" and taken into the "Description" phrase: a stray mark, not part of the column.
  const stray = [
    ...line(100, ["+", 12], ["Description", 60], ["Qty", 300], ["Price", 360], ["Amount", 470]),
    ...line(130, ["ND", 10], ["Toner cartridge HP 26A", 60], ["50", 300], ["12.58", 360], ["629.00", 470]),
  ];
  assert.deepEqual(rows(interpret([page(stray)]))[0][0], "Toner cartridge HP 26A");
});

Deno.test("[ocr] a reading is balanced when its line totals add up to the subtotal, unknown without one (the cue for a second reading)", () => {
  const table = [
    ...line(100, ["Description", 40], ["Qty", 300], ["Price", 360], ["Amount", 470]),
    ...line(130, ["Safety helmet", 40], ["2", 300], ["10.00", 360], ["20.00", 470]),
    ...line(150, ["Network switch", 40], ["1", 300], ["5.00", 360], ["5.00", 470]),
  ];
  assert.deepEqual(assess([page([...table, ...line(180, ["Subtotal", 300], ["25.00", 470])])]), {
    checked: 2,
    unverified: 0,
    balanced: true,
  });
  // A row lost by the reader: the sum misses the subtotal.
  assert.deepEqual(
    assess([page([...table.filter((w) => w.y0 !== 150), ...line(180, ["Subtotal", 300], ["25.00", 470])])]),
    { checked: 1, unverified: 0, balanced: false },
  );
  assert.deepEqual(assess([page(table)]), { checked: 2, unverified: 0, balanced: undefined });
});

Deno.test("[ocr] without a table header, a line one digit from adding up is not made an item", () => {
  const words = [
    ...line(130, ["Desk, oak", 40], ["2", 300], ["100.00", 360], ["200.00", 470]),
    ...line(150, ["Reference 2026", 40], ["2", 300], ["5.00", 360], ["12.00", 470]),
  ];
  assert.deepEqual(rows(interpret([page(words)])), [["Desk, oak", "2", "100.00", "200.00", "verified"]]);
});

Deno.test("[ocr] a page whose quantity column the reader dropped is read again as one block, and that reading kept", async () => {
  // Page 1 of a longer quotation: no subtotal to balance. The first reading lost the narrow
  // quantity column but for its first figure: the other quantities derived, unproven.
  const head = line(100, ["Description", 40], ["Qty", 300], ["Price", 360], ["Amount", 470]);
  const dropped = [
    ...head,
    ...line(130, ["Safety helmet", 40], ["2", 300], ["10.00", 360], ["20.00", 470]),
    ...line(150, ["Network switch", 40], ["5.00", 360], ["15.00", 470]),
    ...line(170, ["Desk 160 x 80 cm", 40], ["550.50", 360], ["15,414.00", 470]),
    ...line(190, ["Floor cleaner", 40], ["9.99", 360], ["99.90", 470]),
  ];
  const whole = [
    ...head,
    ...line(130, ["Safety helmet", 40], ["2", 300], ["10.00", 360], ["20.00", 470]),
    ...line(150, ["Network switch", 40], ["3", 300], ["5.00", 360], ["15.00", 470]),
    ...line(170, ["Desk 160 x 80 cm", 40], ["28", 300], ["550.50", 360], ["15,414.00", 470]),
    ...line(190, ["Floor cleaner", 40], ["10", 300], ["9.99", 360], ["99.90", 470]),
  ];
  const first = assess([page(dropped)]);
  assert.ok(first.checked > 0 && first.unverified > first.checked, JSON.stringify(first));
  const asked: boolean[] = [];
  const recogniser = {
    page: (_i: Uint8Array, _s: unknown, n: number, _p: unknown, { block = false } = {}) => {
      asked.push(block);
      return Promise.resolve({ page: { ...page(block ? whole : dropped), page: n }, rotated: false, rulings: 0 });
    },
  } as unknown as Recogniser;
  const png = await Deno.readFile(new URL("../../tests/fixtures/ocr/images/classic-0-scan.png", import.meta.url));
  const r = await readDocument(png, { maxPages: 1, maxMegapixels: 40 }, recogniser, () => {});
  assert.deepEqual(asked, [false, true]);
  assert.deepEqual(rows(r), [
    ["Safety helmet", "2", "10.00", "20.00", "verified"],
    ["Network switch", "3", "5.00", "15.00", "verified"],
    ["Desk 160 x 80 cm", "28", "550.50", "15414.00", "verified"],
    ["Floor cleaner", "10", "9.99", "99.90", "verified"],
  ]);
});
