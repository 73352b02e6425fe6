/**
 * Writes `first-screen.json` beside index.html: the chunks of the signed-in first screen and, per
 * language, the chunks of the text every page and the first screen load at start. The server names
 * them in the page it sends (src/lib/spa-html.ts), so the browser fetches them alongside the entry
 * instead of one round trip after another (docs/decisions/026-boot-in-the-page.md).
 */
import { FIRST_SCREEN_MODULES } from "../web/src/app/first-screen.ts";
import { textModule } from "./chunk-groups.ts";

interface Chunk {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
}

export interface FirstScreenManifest {
  /** Script chunks of the signed-in first screen, not counting what index.html already loads. */
  signedIn: string[];
  /** Per language: text chunks every page needs at start, and those the signed-in first screen adds. */
  locales: Record<string, { start: string[]; signedIn: string[] }>;
}

export function firstScreenManifest(bundle: Record<string, { type: string }>): FirstScreenManifest {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === "chunk");
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: string[], into = new Set<string>()) => {
    for (const f of files) {
      if (into.has(f)) continue;
      into.add(f);
      closure(byFile.get(f)?.imports ?? [], into);
    }
    return into;
  };
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  // A chunk holds a module as its facade, or among others when the build grouped them (scripts/chunk-groups.ts).
  const bySource = (suffix: string) =>
    chunks.find((c) => [c.facadeModuleId, ...c.moduleIds].some((id) => id?.endsWith(`/web/src/${suffix}`)));
  const missing = FIRST_SCREEN_MODULES.filter((m) => !bySource(m));
  if (missing.length) throw new Error(`first-screen: no chunk for ${missing.join(", ")}`);
  const signedIn = [...closure(FIRST_SCREEN_MODULES.map((m) => bySource(m)!.fileName))].filter((f) => !entry.has(f));

  const locales: FirstScreenManifest["locales"] = {};
  for (const c of chunks) {
    for (const id of c.moduleIds) {
      const text = textModule(id);
      if (!text) continue;
      const files = (locales[text.lang] ??= { start: [], signedIn: [] })[text.when];
      for (const f of closure([c.fileName])) {
        if (!entry.has(f) && !files.includes(f)) files.push(f);
      }
    }
  }
  return { signedIn, locales };
}

export const firstScreen = () => ({
  name: "first-screen",
  apply: "build" as const,
  generateBundle(
    this: { emitFile(file: { type: "asset"; fileName: string; source: string }): string },
    _options: unknown,
    bundle: Record<string, { type: string }>,
  ) {
    this.emitFile({
      type: "asset",
      fileName: "first-screen.json",
      source: JSON.stringify(firstScreenManifest(bundle), null, 2),
    });
  },
});
