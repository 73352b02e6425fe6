import assert from "node:assert/strict";
import { filterQuery, filterSearch, parseFilter, resolveFilter } from "./report-filter.ts";

Deno.test("[reports] the filter round-trips through the URL and drops what the API would refuse", () => {
  const state = parseFilter("range=custom&from=2026-01-01&to=2026-03-31&categoryId=3&department=IT&status=completed");
  assert.deepEqual(state, {
    range: "custom",
    from: "2026-01-01",
    to: "2026-03-31",
    categoryId: 3,
    department: "IT",
    status: "completed",
  });
  assert.deepEqual(parseFilter(filterSearch(state)), state);
  // unknown range -> this year; dates only with a custom range; bad ids and dates dropped
  assert.deepEqual(parseFilter("range=forever&from=2026-01-01&categoryId=-1"), {
    range: "thisYear",
    from: undefined,
    to: undefined,
    categoryId: undefined,
    department: undefined,
    status: undefined,
  });
  assert.equal(parseFilter("range=custom&from=01/02/2026").from, undefined);
});

Deno.test("[reports] presets become calendar days ending today", () => {
  const today = new Date(2026, 10, 22); // 22 Nov 2026, local time
  const r = (range: string) => resolveFilter(parseFilter(`range=${range}`), today);
  assert.deepEqual([r("thisMonth").from, r("thisMonth").to], ["2026-11-01", "2026-11-22"]);
  assert.deepEqual([r("last30").from, r("last30").to], ["2026-10-24", "2026-11-22"]);
  assert.deepEqual([r("last90").from, r("last90").to], ["2026-08-25", "2026-11-22"]);
  assert.deepEqual([r("thisYear").from, r("thisYear").to], ["2026-01-01", "2026-11-22"]);
  assert.deepEqual([r("all").from, r("all").to], [undefined, undefined]);
  assert.equal(filterQuery({ ...r("all"), categoryId: 4, department: "" }), "categoryId=4");
});
