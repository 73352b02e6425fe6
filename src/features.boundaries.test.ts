/**
 * Feature boundaries on the server (docs/decisions/027-service-layer.md), as the SPA's
 * (web/src/features.boundaries.test.ts, docs/decisions/012-spa-feature-boundaries.md):
 *
 * - A file under src/features/<a>/ imports from src/features/<b>/ (b != a) only `service.ts`, the
 *   feature's public face, or `schemas.ts`, its request schemas. Those are the only two names the
 *   server features use for what others may see; there is no `schema.ts` or `types.ts` (shared types
 *   live in src/shared). Routes, queries and every other module of a feature are its own.
 * - Code outside src/features (src/lib, src/db, src/shared, src/auth, src/audit, src/backup,
 *   src/files, src/jobs, src/notify, src/ocr, src/sealing, ...) imports no feature at all: a feature
 *   is built on it, never the other way.
 * - Only the composition roots put features together: src/app.ts mounts every feature's routes and
 *   src/main.ts starts the features' runners (the bid clock, the OCR runner). There is no jobs
 *   registry: src/jobs holds the timed jobs of shared modules, and a feature's runner lives in the
 *   feature, started by src/main.ts.
 */
import assert from "node:assert/strict";
import { resolveWithin, sourceFiles, specifiers } from "../tests/helpers/imports.ts";

const SRC = new URL("./", import.meta.url);
const FEATURES = "features/";
/** What one feature may import of another. */
const PUBLIC = ["service.ts", "schemas.ts"];
/** The files that compose features into the server. */
const COMPOSITION_ROOTS = ["app.ts", "main.ts"];
/** This file: its examples below are strings, not imports. */
const SELF = "features.boundaries.test.ts";

/**
 * Imports across the boundaries allowed on purpose: none. Should one be needed for a while, list it
 * here as "<importing file> -> <imported file>", both relative to src, with a comment saying why;
 * the second test below insists that each line still names a real import.
 */
const ALLOWED = new Set<string>([]);

/** src-relative path of a relative specifier, or null when it leaves src or is a package. */
const resolve = (file: string, specifier: string) => resolveWithin("src", file, specifier);

const featureOf = (path: string) => path.startsWith(FEATURES) ? path.slice(FEATURES.length).split("/")[0] : null;

/** Why an import breaks the boundaries, or null when it is fine. */
export function violation(file: string, target: string): string | null {
  const to = featureOf(target);
  if (to === null) return null;
  const from = featureOf(file);
  if (from === null) return COMPOSITION_ROOTS.includes(file) ? null : "shared code imports a feature";
  if (from === to) return null;
  if (PUBLIC.some((name) => target === `${FEATURES}${to}/${name}`)) return null;
  return "a feature imports another feature's internals";
}

async function crossings(): Promise<{ edge: string; why: string }[]> {
  const found: { edge: string; why: string }[] = [];
  for await (const file of sourceFiles(SRC, "")) {
    if (file === SELF) continue;
    const source = await Deno.readTextFile(new URL(file, SRC));
    for (const specifier of specifiers(source)) {
      const target = resolve(file, specifier);
      if (target === null) continue;
      const why = violation(file, target);
      if (why) found.push({ edge: `${file} -> ${target}`, why });
    }
  }
  return found.sort((a, b) => a.edge.localeCompare(b.edge));
}

Deno.test("[server] features reach each other only through service.ts or schemas.ts, and shared code imports no feature", async () => {
  const bad = (await crossings()).filter((c) => !ALLOWED.has(c.edge));
  assert.deepEqual(
    bad.map((c) => `${c.edge} (${c.why})`),
    [],
    "call a function of the other feature's service.ts (add it there), or move what is not feature logic to " +
      "src/lib, src/shared or src/db (docs/decisions/027-service-layer.md)",
  );
});

Deno.test("[server] the boundary allowlist holds only imports that still exist", async () => {
  const present = new Set((await crossings()).map((c) => c.edge));
  assert.deepEqual([...ALLOWED].filter((edge) => !present.has(edge)), [], "delete these lines from ALLOWED");
});

Deno.test("[server] the boundary check sees static, re-exported, side-effect and lazy imports", () => {
  const source = [
    `import { a } from "../bids/queries.ts";`,
    `export { b } from "../users/routes.ts";`,
    `import "../ocr/queries.ts";`,
    `const c = await import("../opportunities/queries.ts");`,
    `import type { D } from "./queries.ts";`,
    `import { e } from "../purchase-requests/service.ts";`,
    `import { f } from "../reports/schemas.ts";`,
    `import { g } from "../../lib/errors.ts";`,
  ].join("\n");
  const file = "features/quotations/award.ts";
  const targets = specifiers(source).map((s) => resolve(file, s)!);
  assert.deepEqual(targets.map((t) => violation(file, t) !== null), [
    true,
    true,
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
  assert.equal(
    violation("sealing/sealed-quotation.ts", "features/opportunities/service.ts"),
    "shared code imports a feature",
  );
  assert.equal(violation("jobs/bid-clock.ts", "features/bids/service.ts"), "shared code imports a feature");
  assert.equal(violation("app.ts", "features/bids/routes.ts"), null);
  assert.equal(violation("main.ts", "features/ocr/service.ts"), null);
  assert.equal(violation("features/bids/service.ts", "shared/money.ts"), null);
});
