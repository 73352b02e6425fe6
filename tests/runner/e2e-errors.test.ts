/**
 * With end-to-end files running side by side against one server, a file's `noServerErrors` check
 * (tests/e2e/helpers.ts errorLines) counts the errors of its own requests and of no request, and
 * leaves out those of requests another file sent (their own `e2e-` request id).
 */
import assert from "node:assert/strict";
import { errorLines } from "../e2e/helpers.ts";

const line = (fields: Record<string, unknown>) => JSON.stringify({ time: "t", level: "error", msg: "m", ...fields });

Deno.test("[e2e errors] a file counts its own requests' errors and the jobs', not a neighbour file's", () => {
  const mine = line({ requestId: "e2e-aaaa1111" });
  const neighbour = line({ requestId: "e2e-bbbb2222" });
  const job = line({ msg: "outbox worker error" });
  const untagged = line({ requestId: "0b1c2d3e-0000-4000-8000-000000000001" });
  const info = JSON.stringify({ level: "info", requestId: "e2e-aaaa1111" });
  const lines = [mine, neighbour, job, untagged, info, "error: Uncaught boom"];
  assert.deepEqual(errorLines(lines, "e2e-aaaa1111"), [mine, job, untagged, "error: Uncaught boom"]);
  // Without a request id of its own (a file run alone), every error counts.
  assert.deepEqual(errorLines(lines), [mine, neighbour, job, untagged, "error: Uncaught boom"]);
});
