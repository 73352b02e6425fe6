import assert from "node:assert/strict";
import { DV_MONTHS, formatBytes, formatDate, formatDateTime, formatMoney, formatNumber } from "./format.ts";

const LATIN = /[A-Za-z]/;

Deno.test("[format] Dhivehi dates use Thaana month names, never English ones", () => {
  const deadline = "2026-11-02T00:00:00.000Z";
  assert.equal(formatDate(deadline, "dv", { utc: true }), "2 ނޮވެމްބަރު 2026");
  assert.equal(formatDateTime("2026-03-05T17:05:00Z", "dv", { utc: true }), "5 މާރިޗު 2026، 17:05");
  for (let month = 0; month < 12; month++) {
    const text = formatDate(new Date(Date.UTC(2026, month, 15)), "dv", { utc: true });
    assert.ok(text.includes(DV_MONTHS[month]), text);
    assert.doesNotMatch(text, LATIN, text);
  }
});

Deno.test("[format] Dhivehi numbers and money use Western digits, not another locale's", () => {
  assert.equal(formatNumber(1234567.5, "dv", 1), "1,234,567.5");
  assert.equal(formatMoney("1234.5", "dv"), "$1,234.50");
  assert.equal(formatBytes(10 * 1024 * 1024, "dv"), "10 MB");
});

Deno.test("[format] other languages keep Intl's own formatting", () => {
  assert.equal(formatDate("2026-11-02T00:00:00.000Z", "en", { utc: true }), "Nov 2, 2026");
  assert.equal(formatDate("2026-11-02T00:00:00.000Z", "de", { utc: true }), "02.11.2026");
  assert.match(formatDate("2026-11-02T00:00:00.000Z", "fr", { utc: true }), /nov/);
  assert.equal(formatDate(null, "dv"), "-");
  assert.equal(formatDate("not a date", "dv"), "-");
  assert.equal(formatBytes(10485760, "en"), "10 MB");
  assert.equal(formatBytes(1536 * 1024, "de"), "1,5 MB");
  assert.equal(formatBytes(10485760, "fr"), "10 Mo");
});
