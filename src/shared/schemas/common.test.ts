import assert from "node:assert/strict";
import {
  biddingBeforeProject,
  DATE_MESSAGES,
  deadlineProblem,
  findUncleanText,
  idSchema,
  isCleanText,
  parseDateValue,
  safeString,
  setOrganisationTimeZone,
  todayInOrganisation,
} from "./common.ts";

Deno.test("[input] parseDateValue accepts real calendar dates and refuses impossible ones", () => {
  for (
    const ok of ["2026-02-28", "2028-02-29", "2026-12-31T23:59:59Z", "2026-03-01T10:00:00.000+05:30", "1900-01-01"]
  ) {
    assert.ok(parseDateValue(ok), ok);
  }
  for (
    const bad of [
      "2026-02-30",
      "2026-02-29",
      "2100-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "0001-01-01",
      "1899-12-31",
      "-000001-01-01",
      "+275760-09-13",
      "275760-09-13",
      "2026-01-01T24:00:00Z",
      "2026-01-01T10:60Z",
      "2026-01-01T10:00:00+15:00",
      "March 2, 2026",
      "",
      "2026-1-1",
    ]
  ) {
    assert.equal(parseDateValue(bad), undefined, bad);
  }
  // Never shifted: the day given is the day kept.
  assert.equal(parseDateValue("2026-03-01")!.calendarDate, "2026-03-01");
  assert.equal(parseDateValue("2026-03-01T00:00:00.000Z")!.calendarDate, "2026-03-01");
  assert.equal(parseDateValue("2026-03-01T10:00:00+02:00")!.instant.toISOString(), "2026-03-01T08:00:00.000Z");
});

Deno.test("[input] deadlines are today or later in the organisation's time zone", () => {
  const now = new Date("2026-06-15T20:00:00Z"); // 16 June already in Auckland, still 15 June in UTC
  try {
    setOrganisationTimeZone("UTC");
    assert.equal(todayInOrganisation(now), "2026-06-15");
    assert.equal(deadlineProblem("2026-06-15", now), undefined);
    assert.equal(deadlineProblem("2026-06-14", now), DATE_MESSAGES.past);
    setOrganisationTimeZone("Pacific/Auckland");
    assert.equal(todayInOrganisation(now), "2026-06-16");
    assert.equal(deadlineProblem("2026-06-15", now), DATE_MESSAGES.past);
    assert.equal(deadlineProblem("2026-06-16T00:00:00.000Z", now), undefined);
    // An instant must be in the future.
    assert.equal(deadlineProblem("2026-06-15T19:00:00Z", now), DATE_MESSAGES.past);
    assert.equal(deadlineProblem("2026-06-15T21:00:00Z", now), undefined);
    // Bidding (an instant) must close before the project deadline's day, in the organisation's zone:
    // 2026-06-20T13:00Z is already 21 June in Auckland.
    assert.equal(biddingBeforeProject("2026-06-20T11:00:00Z", "2026-06-21"), true);
    assert.equal(biddingBeforeProject("2026-06-20T13:00:00Z", "2026-06-21"), false);
    setOrganisationTimeZone("Not/AZone");
    assert.equal(todayInOrganisation(now), "2026-06-15");
  } finally {
    setOrganisationTimeZone("UTC");
  }
});

Deno.test("[input] the text schema refuses null bytes and lone surrogates, keeps real text", () => {
  assert.ok(isCleanText("Café 👍 ދިވެހި"));
  for (const bad of ["a\u0000b", "\uD800", "x\uDC00y", "\uDBFF"]) {
    assert.equal(isCleanText(bad), false, JSON.stringify(bad));
    assert.equal(safeString().safeParse(bad).success, false);
  }
  assert.equal(safeString().trim().min(1).parse(" ok "), "ok");
  assert.equal(findUncleanText({ a: [{ b: "fine" }, { c: "bad\u0000" }] }), "a.1.c");
  assert.equal(findUncleanText({ a: "fine", n: 1 }), undefined);
});

Deno.test("[input] the id schema accepts 1..2147483647 only", () => {
  const id = idSchema();
  assert.equal(id.parse("2147483647"), 2147483647);
  for (const bad of ["2147483648", "0", "-1", "1.5", "abc", "", "1e400", "99999999999999999999"]) {
    assert.equal(id.safeParse(bad).success, false, bad);
  }
});
