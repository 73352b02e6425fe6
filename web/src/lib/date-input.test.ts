import assert from "node:assert/strict";
import { dateInputValue, dateToIso, localDateTimeToIso, minDeadlineValue } from "./date-input.ts";
import { setOrganisationTimeZone } from "../../../src/shared/schemas/common.ts";
import { bidRequestSchema } from "../../../src/shared/schemas/bids.ts";

Deno.test("[input] SPA date inputs refuse impossible dates instead of shifting them", () => {
  assert.equal(dateToIso("2027-02-30"), "");
  assert.equal(dateToIso("0001-01-01"), "");
  assert.equal(dateToIso("2028-02-29"), "2028-02-29T00:00:00.000Z");
  assert.equal(localDateTimeToIso("2027-02-30T10:00"), "");
  assert.equal(localDateTimeToIso("+275760-09-13T10:00"), "");
  assert.ok(localDateTimeToIso("2027-03-01T10:00").startsWith("2027-0"));
});

Deno.test("[input] SPA 'today' for deadlines is the organisation's, as on the server", () => {
  const now = new Date("2026-06-15T20:00:00Z");
  try {
    setOrganisationTimeZone("UTC");
    assert.equal(minDeadlineValue(now), "2026-06-15");
    assert.equal(dateInputValue(21, now), "2026-07-06");
    setOrganisationTimeZone("Pacific/Auckland");
    assert.equal(minDeadlineValue(now), "2026-06-16");
  } finally {
    setOrganisationTimeZone("UTC");
  }
});

Deno.test("[input] the SPA's shared bid schema refuses past deadlines and impossible dates", () => {
  const base = {
    title: "T",
    description: "D",
    department: "Ops",
    qualificationCriteria: "Q",
    items: [{ itemName: "Desk", quantity: 1 }],
  };
  const past = bidRequestSchema.safeParse({ ...base, deadline: "2021-06-01", biddingDeadline: "2021-05-01T10:00:00Z" });
  assert.equal(past.success, false);
  const impossible = bidRequestSchema.safeParse({
    ...base,
    deadline: "2099-02-30",
    biddingDeadline: "2099-01-01T10:00:00Z",
  });
  assert.equal(impossible.success, false);
  assert.deepEqual(impossible.error!.issues[0].path, ["deadline"]);
  const ok = bidRequestSchema.safeParse({ ...base, deadline: "2099-02-28", biddingDeadline: "2099-01-01T10:00:00Z" });
  assert.equal(ok.success, true);
});
