import assert from "node:assert/strict";
import type { OcrResult } from "./api/get-ocr-job.ts";
import { checkOcrFiles, OCR_MAX_BYTES, previewKind } from "./file-rules.ts";
import {
  buildPayload,
  confidenceLevel,
  editCell,
  lineCents,
  linesFromResult,
  netUnitCents,
  newLine,
  problems,
  type ReviewHeader,
  submittedTotalCents,
  totalCents,
  validityFrom,
} from "./review-model.ts";

const ITEMS = [
  { id: 11, name: "Toner cartridge HP 26A", quantity: 10 },
  { id: 12, name: "A4 copy paper 80gsm, 500 sheets", quantity: 3 },
];
const HEADER: ReviewHeader = { validityPeriod: "30", leadTimeDays: "", notes: "" };

const result = (items: Partial<OcrResult["items"][number]>[]): OcrResult => ({
  items: items.map((i) => ({
    name: "x",
    quantity: "1",
    unitPrice: "1.00",
    totalPrice: "1.00",
    confidence: 0.9,
    check: "verified",
    page: 1,
    ...i,
  })),
  confidence: 0.9,
  pages: 1,
  warnings: [],
});

Deno.test("[ocr] confidence levels follow the spec's thresholds 0.8 and 0.6 exactly", () => {
  assert.equal(confidenceLevel(0.8), "high");
  assert.equal(confidenceLevel(0.7999), "medium");
  assert.equal(confidenceLevel(0.6), "medium");
  assert.equal(confidenceLevel(0.5999), "low");
  assert.equal(confidenceLevel(0), "low");
  assert.equal(confidenceLevel(1), "high");
});

Deno.test("[ocr] line totals are exact cents, with decimals in quantities and discounts", () => {
  const line = (quantity: string, unitPrice: string, discountPercent = "") => ({
    quantity,
    unitPrice,
    discountPercent,
  });
  assert.equal(lineCents(line("3", "0.10")), 30);
  assert.equal(lineCents(line("10", "26.99")), 26990);
  assert.equal(lineCents(line("2.5", "1.99")), 498); // 4.975 rounds half up
  assert.equal(lineCents(line("7", "19.99", "15")), 11894); // 139.93 × 0.85 = 118.9405
  assert.equal(lineCents(line("1", "10.00", "12.5")), 875);
  assert.equal(lineCents(line("1", "12,50")), 1250); // a decimal comma as typed in fr/de/es
  assert.equal(lineCents(line("", "1.00")), null);
  assert.equal(lineCents(line("1", "1.005")), null); // more than cents
  assert.equal(lineCents(line("1", "1.00", "101")), null);
  assert.equal(lineCents(line("1", "abc")), null);
});

Deno.test("[ocr] totals add integer cents, never binary floats (0.1 + 0.2 stays 0.30)", () => {
  const lines = [
    { quantity: "1", unitPrice: "0.10", discountPercent: "" },
    { quantity: "1", unitPrice: "0.20", discountPercent: "" },
  ];
  assert.equal(totalCents(lines), 30);
  // 1000 lines of 0.01 × 3: floats would drift, cents do not.
  const many = Array.from({ length: 1000 }, () => ({ quantity: "3", unitPrice: "0.01", discountPercent: "" }));
  assert.equal(totalCents(many), 3000);
  // The largest amounts still add exactly.
  assert.equal(totalCents([{ quantity: "1000", unitPrice: "999999999.99", discountPercent: "" }]), 99_999_999_999_000);
  assert.equal(totalCents([...lines, { quantity: "x", unitPrice: "1", discountPercent: "" }]), null);
});

Deno.test("[ocr] editing a quantity or price recomputes the line total and marks the cell certain", () => {
  const [line] = linesFromResult(
    result([{ quantity: "10", unitPrice: "2.50", totalPrice: "25.00", cellConfidence: { unitPrice: 0.3 } }]),
    ITEMS,
  );
  assert.equal(line.cellConfidence.unitPrice, 0.3);
  assert.equal(line.cellConfidence.name, 0.9, "a missing cell confidence takes the line's");
  const edited = editCell(line, "unitPrice", "2.75");
  assert.equal(edited.totalPrice, "27.50");
  assert.equal(edited.cellConfidence.unitPrice, 1);
  assert.deepEqual(edited.edited, ["unitPrice"]);
  // An unparsable entry keeps the last total instead of inventing one.
  assert.equal(editCell(edited, "quantity", "ten").totalPrice, "27.50");
  assert.equal(line.unitPrice, "2.50", "the original line is not mutated");
});

Deno.test("[ocr] matched items map once; unknown or repeated request items start unmapped", () => {
  const lines = linesFromResult(result([{ itemId: 11 }, { itemId: 11 }, { itemId: 99 }, {}]), ITEMS);
  assert.deepEqual(lines.map((l) => l.itemId), [11, null, null, null]);
  assert.equal(new Set(lines.map((l) => l.key)).size, 4);
});

Deno.test("[ocr] submit is blocked with no items, unmapped lines, a repeated item or a price of 0", () => {
  assert.deepEqual(problems([], HEADER).map((p) => p.kind), ["noItems"]);

  const [a, b] = linesFromResult(result([{ itemId: 11 }, {}]), ITEMS);
  assert.deepEqual(problems([a, b], HEADER), [{ kind: "unmapped", keys: [b.key] }]);
  assert.deepEqual(problems([a, { ...b, itemId: 11 }], HEADER), [{ kind: "duplicate", keys: [b.key] }]);
  assert.deepEqual(problems([a, { ...b, itemId: 12 }], HEADER), []);
  // Dropping the unmapped line clears the block.
  assert.deepEqual(problems([a], HEADER), []);

  const added = newLine();
  assert.equal(added.quantity, "1");
  assert.equal(added.unitPrice, "0.00");
  assert.deepEqual(problems([a, { ...added, itemId: 12 }], HEADER), [{ kind: "price", keys: [added.key] }]);
  assert.deepEqual(problems([{ ...a, quantity: "0" }], HEADER), [{ kind: "quantity", keys: [a.key] }]);
  assert.deepEqual(problems([a], { ...HEADER, validityPeriod: "0" }), [{ kind: "validity" }]);
  assert.deepEqual(problems([a], { ...HEADER, leadTimeDays: "-1" }), [{ kind: "leadTime" }]);
  assert.deepEqual(problems([a], { ...HEADER, leadTimeDays: "14" }), []);
});

Deno.test("[ocr] the payload prices each request item at its net unit price and quantity", () => {
  const lines = linesFromResult(
    result([
      { itemId: 11, name: "Toner cartridge HP 26A", quantity: "10", unitPrice: "80.00", discountPercent: "10" },
      { itemId: 12, name: "Papier A4 80g", code: "P-1", quantity: "5", unitPrice: "4.99" },
    ]),
    ITEMS,
  );
  assert.equal(netUnitCents(lines[0]), 7200);
  // The server uses the request's quantities (10 and 3), not the document's.
  assert.equal(submittedTotalCents(lines, ITEMS), 10 * 7200 + 3 * 499);
  const payload = buildPayload(
    { purchaseRequestId: 7 },
    "job-1",
    lines,
    { validityPeriod: "45", leadTimeDays: "", notes: "Payment 30 days" },
    ITEMS,
  );
  assert.deepEqual(payload, {
    purchaseRequestId: 7,
    ocrJobId: "job-1",
    source: "ocr",
    items: [
      { itemId: 11, unitPrice: "72.00", notes: "" },
      { itemId: 12, unitPrice: "4.99", notes: "P-1 Papier A4 80g" },
    ],
    totalAmount: "734.97",
    validityPeriod: 45,
    notes: "Payment 30 days",
  });
  assert.equal(buildPayload({ bidRequestId: 3 }, "j", lines, { ...HEADER, leadTimeDays: "7" }, ITEMS).leadTimeDays, 7);
});

Deno.test("[ocr] validity comes from the document when it is a plausible number of days", () => {
  assert.equal(validityFrom({ validityPeriod: 45 }), "45");
  assert.equal(validityFrom({ validityPeriod: "60" }), "60");
  assert.equal(validityFrom({ validityPeriod: undefined }), "30");
  assert.equal(validityFrom({ validityPeriod: 0 }), "30");
  assert.equal(validityFrom({ validityPeriod: "soon" }), "30");
});

Deno.test("[ocr] the upload takes one PDF or image up to 10 MB", () => {
  assert.equal(checkOcrFiles([{ name: "quote.PDF", size: 1000 }]), null);
  for (const name of ["a.png", "a.jpg", "a.jpeg", "a.tif", "a.tiff", "a.bmp"]) {
    assert.equal(checkOcrFiles([{ name, size: 1 }]), null, name);
  }
  assert.equal(checkOcrFiles([{ name: "quote.docx", size: 1 }]), "type");
  assert.equal(checkOcrFiles([{ name: "quote.pdf", size: OCR_MAX_BYTES }]), null);
  assert.equal(checkOcrFiles([{ name: "quote.pdf", size: OCR_MAX_BYTES + 1 }]), "size");
  assert.equal(checkOcrFiles([{ name: "quote.pdf", size: 0 }]), "empty");
  assert.equal(checkOcrFiles([]), "empty");
  assert.equal(checkOcrFiles([{ name: "a.pdf", size: 1 }, { name: "b.pdf", size: 1 }]), "count");
  assert.equal(previewKind({ name: "scan.TIFF" }), "none");
  assert.equal(previewKind({ name: "scan.jpg" }), "image");
  assert.equal(previewKind({ name: "q.pdf" }), "pdf");
});
