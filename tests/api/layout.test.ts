/**
 * The server keeps its layout (docs/decisions/027-service-layer.md). Route files are HTTP only (no SQL) and short;
 * SQL lives in queries files; jobs depend on feature services, never the other way round.
 * Reads the source tree; no database.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;
const MAX_ROUTE_LINES = 300;

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* walk(path);
    else if (e.isFile && path.endsWith(".ts") && !path.endsWith(".test.ts")) yield path;
  }
}

async function sources(dir: string) {
  const out: { path: string; text: string }[] = [];
  for await (const path of walk(dir)) out.push({ path, text: await Deno.readTextFile(`${ROOT}${path}`) });
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

const isRouteFile = (path: string) => /(^|\/|-)routes\.ts$/.test(path);

/** A tagged sql template or a `.query(` / `.query<` call (Hono's `c.req.query()` reads the URL, not SQL). */
const SQL_CALL = /\bsql`|(?<!\breq)\.query\s*[<(]/;

function sqlLines(text: string) {
  return text.split("\n").flatMap((line, n) => SQL_CALL.test(line) ? [`${n + 1}: ${line.trim()}`] : []);
}

const features = await sources("src/features");

Deno.test("[layout] route files hold no SQL (tagged sql templates or .query calls)", () => {
  const found = features.filter((f) => isRouteFile(f.path)).flatMap((f) =>
    sqlLines(f.text).map((l) => `${f.path}:${l}`)
  );
  assert.deepEqual(found, [], `SQL belongs in a queries.ts file:\n${found.join("\n")}`);
});

Deno.test(`[layout] no route file is over ${MAX_ROUTE_LINES} lines`, () => {
  const long = features.filter((f) => isRouteFile(f.path))
    .map((f) => ({ path: f.path, lines: f.text.split("\n").length - (f.text.endsWith("\n") ? 1 : 0) }))
    .filter((f) => f.lines > MAX_ROUTE_LINES)
    .map((f) => `${f.path}: ${f.lines} lines`);
  assert.deepEqual(long, [], `move rules into service.ts and SQL into queries.ts:\n${long.join("\n")}`);
});

Deno.test("[layout] nothing in src/features imports src/jobs", () => {
  const bad = features.filter((f) =>
    /from\s+["'][./]*\/jobs\//.test(f.text) || /import\(["'][./]*\/jobs\//.test(f.text)
  )
    .map((f) => f.path);
  assert.deepEqual(bad, [], `jobs depend on features, not the other way round:\n${bad.join("\n")}`);
});

Deno.test("[layout] jobs hold no SQL (they call feature services and queries)", async () => {
  const found = (await sources("src/jobs")).flatMap((f) => sqlLines(f.text).map((l) => `${f.path}:${l}`));
  assert.deepEqual(found, [], `SQL belongs in the queries file of the module owning the table:\n${found.join("\n")}`);
});
