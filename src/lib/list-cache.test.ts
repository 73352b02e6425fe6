/**
 * The list answer cache's own rules (src/lib/list-cache.ts), on a clock the test moves: entries
 * expire at their instant and after the backstop time, the entry and byte bounds evict the least
 * recently used, an answer is kept only if nothing was invalidated since its ticket, and nothing is
 * kept or served while the change channel is not listened to.
 */
import assert from "node:assert/strict";
import { type CachedAnswer, ListCache } from "./list-cache.ts";

const answer = (bytes: number): CachedAnswer => ({ body: new Uint8Array(bytes), headers: {} });

function clocked(maxEntries: number, maxBytes = 1_000_000, ttlMs = 30_000) {
  const clock = { ms: 1_000 };
  const cache = new ListCache(maxEntries, maxBytes, ttlMs, () => clock.ms);
  cache.setLive(true);
  return { cache, clock };
}

Deno.test("[list-cache] an entry expires at its own instant, and at the latest after the backstop time", () => {
  const { cache, clock } = clocked(10, 1_000_000, 30_000);
  assert.equal(cache.put(cache.ticket(), "deadline", answer(1), clock.ms + 500), true);
  assert.equal(cache.put(cache.ticket(), "plain", answer(1)), true);
  clock.ms += 499;
  assert.ok(cache.get("deadline"));
  clock.ms += 1;
  assert.equal(cache.get("deadline"), undefined, "gone at the instant its content changes");
  assert.ok(cache.get("plain"));
  clock.ms += 30_000;
  assert.equal(cache.get("plain"), undefined, "gone after the backstop time");
  assert.equal(cache.bytes, 0);
  assert.equal(cache.put(cache.ticket(), "past", answer(1), clock.ms), false, "already expired: not kept");
});

Deno.test("[list-cache] at most maxEntries entries, the least recently used out first", () => {
  const { cache } = clocked(3);
  for (const k of ["a", "b", "c"]) cache.put(cache.ticket(), k, answer(10));
  assert.ok(cache.get("a")); // a is now the most recently used
  cache.put(cache.ticket(), "d", answer(10));
  assert.equal(cache.size, 3);
  assert.equal(cache.get("b"), undefined, "b was the least recently used");
  for (const k of ["a", "c", "d"]) assert.ok(cache.get(k), k);
});

Deno.test("[list-cache] at most maxBytes of bodies; a body over a quarter of it is not kept", () => {
  const { cache } = clocked(100, 1_000);
  for (const k of ["a", "b", "c", "d"]) assert.equal(cache.put(cache.ticket(), k, answer(250), undefined), true);
  assert.equal(cache.bytes, 1_000);
  cache.put(cache.ticket(), "e", answer(200));
  assert.equal(cache.bytes, 950);
  assert.equal(cache.get("a"), undefined);
  assert.equal(cache.put(cache.ticket(), "huge", answer(251)), false);
  // Replacing an entry counts its bytes once.
  cache.put(cache.ticket(), "e", answer(100));
  assert.equal(cache.bytes, 850);
  assert.ok(cache.bytes <= cache.maxBytes);
});

Deno.test("[list-cache] an answer whose ticket predates an invalidation is not kept; invalidation drops all", () => {
  const { cache } = clocked(10);
  cache.put(cache.ticket(), "kept", answer(1));
  const ticket = cache.ticket();
  cache.invalidate();
  assert.equal(cache.get("kept"), undefined);
  assert.equal(cache.put(ticket, "late", answer(1)), false);
  assert.equal(cache.put(cache.ticket(), "fresh", answer(1)), true);
});

Deno.test("[list-cache] nothing is kept or served while not listening, nor when off", () => {
  const { cache } = clocked(10);
  cache.put(cache.ticket(), "a", answer(1));
  cache.setLive(false);
  assert.equal(cache.get("a"), undefined);
  assert.equal(cache.put(cache.ticket(), "b", answer(1)), false);
  cache.setLive(true);
  assert.equal(cache.get("a"), undefined, "listening again drops what was kept before");
  const off = new ListCache(0);
  off.setLive(true);
  assert.equal(off.enabled, false);
  assert.equal(off.put(off.ticket(), "a", answer(1)), false);
});
