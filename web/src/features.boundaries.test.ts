/**
 * Feature boundaries in the SPA (docs/decisions/012-spa-feature-boundaries.md): a feature under
 * web/src/features/<f>/ imports only its own folder, the shared folders (web/src/components,
 * web/src/hooks, web/src/lib) and src/shared.
 * The shared folders import no feature and not the app. Only web/src/app (router, dashboard sections,
 * the screens one feature shows inside another) puts features together.
 *
 * Locale JSON is data, not code: web/src/lib/i18n.ts loads features' locales/<lang>.json by name
 * (import.meta.glob), which this test does not count as an import.
 */
import assert from "node:assert/strict";
import { resolveWithin, sourceFiles, specifiers } from "../../tests/helpers/imports.ts";

const WEB_SRC = new URL("./", import.meta.url);
const FEATURES = "features/";
const SHARED = ["components/", "hooks/", "lib/"];

/**
 * Cross-feature imports allowed on purpose: none. A screen of one feature shown inside another is
 * composed in web/src/app (see app/sections/). Should one ever be needed for a while, list it here
 * as "<importing file> -> <imported file>", both relative to web/src; the second test below insists
 * that each line still names a real import.
 */
const ALLOWED = new Set<string>([]);

/** web/src-relative path of a relative specifier, or null when it leaves web/src or is a package. */
const resolve = (file: string, specifier: string) => resolveWithin("web/src", file, specifier);

const featureOf = (path: string) => path.startsWith(FEATURES) ? path.slice(FEATURES.length).split("/")[0] : null;

/** Why an import breaks the boundaries, or null when it is fine. */
export function violation(file: string, target: string): string | null {
  const from = featureOf(file);
  const to = featureOf(target);
  if (from !== null && to !== null && from !== to) return "a feature imports another feature";
  if (from !== null && target.startsWith("app/")) return "a feature imports the app";
  if (SHARED.some((dir) => file.startsWith(dir))) {
    if (to !== null) return "shared code imports a feature";
    if (target.startsWith("app/")) return "shared code imports the app";
  }
  return null;
}

async function crossings(): Promise<{ edge: string; why: string }[]> {
  const found: { edge: string; why: string }[] = [];
  for (const dir of [FEATURES, ...SHARED]) {
    for await (const file of sourceFiles(new URL(dir, WEB_SRC), dir)) {
      const source = await Deno.readTextFile(new URL(file, WEB_SRC));
      for (const specifier of specifiers(source)) {
        const target = resolve(file, specifier);
        if (target === null) continue;
        const why = violation(file, target);
        if (why) found.push({ edge: `${file} -> ${target}`, why });
      }
    }
  }
  return found;
}

Deno.test("[spa] no feature imports another feature, and shared code imports no feature", async () => {
  const bad = (await crossings()).filter((c) => !ALLOWED.has(c.edge));
  assert.deepEqual(
    bad.map((c) => `${c.edge} (${c.why})`),
    [],
    "move the shared piece to web/src/components, web/src/hooks or web/src/lib, or compose the screens in web/src/app",
  );
});

Deno.test("[spa] the boundary allowlist holds only imports that still exist", async () => {
  const present = new Set((await crossings()).map((c) => c.edge));
  assert.deepEqual([...ALLOWED].filter((edge) => !present.has(edge)), [], "delete these lines from ALLOWED");
});

Deno.test("[spa] the boundary check sees static, re-exported, side-effect and lazy imports", () => {
  const source = [
    `import { a } from "../../users/api/get-users.ts";`,
    `export { b } from "../../auth/api/logout.ts";`,
    `import "../../meta/style.ts";`,
    `const C = lazy(() => import("../../ocr/components/ocr-import-dialog.tsx"));`,
    `import type { D } from "./own.ts";`,
  ].join("\n");
  const file = "features/profile/components/x.tsx";
  const targets = specifiers(source).map((s) => resolve(file, s)!);
  assert.deepEqual(targets.map((t) => violation(file, t) !== null), [true, true, true, true, false]);
  assert.equal(
    violation("lib/authorization.tsx", "features/auth/api/get-current-user.ts"),
    "shared code imports a feature",
  );
  assert.equal(violation("components/x.tsx", "app/router.tsx"), "shared code imports the app");
  assert.equal(violation("app/router.tsx", "features/auth/components/login-page.tsx"), null);
  assert.equal(violation("features/auth/components/login-page.tsx", "hooks/get-current-user.ts"), null);
});
