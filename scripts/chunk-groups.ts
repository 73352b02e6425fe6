/**
 * How the build groups modules into chunks (docs/decisions/026-boot-in-the-page.md). Left to itself
 * the bundler makes a chunk of every small module two lazy screens share: the signed-in first screen
 * was 15 chunks of 1-4 KB and its text 3 more, each a request, six at a time over HTTP/1.1. Grouped:
 * - `core`: everything the entry imports (React, the router, i18n, the API client), one chunk;
 * - `first-screen`: what the dashboard's first screen imports beyond that, one chunk;
 * - per language, the text every page loads at start, and the first screen's text.
 * Other screens keep the bundler's own splitting.
 */
import { FIRST_SCREEN_MODULES, FIRST_SCREEN_NAMESPACES, START_NAMESPACES } from "../web/src/app/first-screen.ts";

interface ModuleInfo {
  importedIds: readonly string[];
}
type Context = { getModuleInfo(id: string): ModuleInfo | null };

const ENTRY = "/web/src/main.tsx";
const LOCALE = /[\\/]web[\\/]src[\\/](?:features[\\/]([^\\/]+)[\\/])?locales[\\/]([a-z]{2})\.json$/;

/** A text module's language, and whether every page loads it at start or the first screen adds it. */
export function textModule(id: string): { lang: string; when: "start" | "signedIn" } | undefined {
  const m = id.match(LOCALE);
  if (!m) return undefined;
  const ns = m[1] ?? "translation";
  if ((START_NAMESPACES as readonly string[]).includes(ns)) return { lang: m[2], when: "start" };
  if ((FIRST_SCREEN_NAMESPACES as readonly string[]).includes(ns)) return { lang: m[2], when: "signedIn" };
  return undefined;
}

function reachable(starts: string[], ctx: Context): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function chunkGroups(root: string) {
  let core: Set<string> | undefined;
  let first: Set<string> | undefined;
  const abs = (m: string) => `${root}/web/src/${m}`;
  return [
    {
      debugName: "first-screen",
      name: (id: string, ctx: Context) => {
        core ??= reachable([`${root}${ENTRY}`], ctx);
        first ??= reachable(FIRST_SCREEN_MODULES.map(abs), ctx);
        if (core.has(id)) return id.endsWith(ENTRY) ? null : "core";
        if (first.has(id)) return "first-screen";
        const text = textModule(id);
        if (!text) return null;
        return text.when === "start" ? `text-${text.lang}` : `first-screen-text-${text.lang}`;
      },
    },
  ];
}
