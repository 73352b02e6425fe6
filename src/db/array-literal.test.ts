import assert from "node:assert/strict";
import { arrayLiteral } from "./array-literal.ts";

Deno.test("[db] array parameters are sent as PostgreSQL array text, the empty one too", () => {
  assert.equal(arrayLiteral([]), "{}");
  assert.equal(arrayLiteral([1, 2, 30]), "{1,2,30}");
  assert.equal(
    arrayLiteral(["a", 'say "hi"', "back\\slash", "x,y", null]),
    '{"a","say \\"hi\\"","back\\\\slash","x,y",NULL}',
  );
  assert.equal(arrayLiteral([true, false]), "{t,f}");
  assert.equal(arrayLiteral([new Date("2026-01-02T03:04:05.000Z")]), '{"2026-01-02T03:04:05.000Z"}');
  // Not arrays, and arrays of other things, are the driver's.
  assert.equal(arrayLiteral("x"), "x");
  const nested = [[1], [2]];
  assert.equal(arrayLiteral(nested), nested);
});
