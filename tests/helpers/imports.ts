/**
 * What the boundary tests (src/features.boundaries.test.ts, web/src/features.boundaries.test.ts)
 * read of a source tree: its files, each file's module specifiers, and where a relative one points.
 */

/** The .ts and .tsx files under `dir`, as paths starting with `prefix`; none when `dir` is missing. */
export async function* sourceFiles(dir: URL, prefix: string): AsyncGenerator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    throw error;
  }
  for (const entry of entries) {
    if (entry.isDirectory) yield* sourceFiles(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
    else if (/\.tsx?$/.test(entry.name)) yield `${prefix}${entry.name}`;
  }
}

/** Every module specifier: `import ... from`, `export ... from`, `import "x"` and `import("x")`. */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"'\n]+)\1/g;
  for (const match of source.matchAll(pattern)) found.push(match[2]);
  return found;
}

/**
 * The `root`-relative path ("src", "web/src") of a relative specifier in `file` (itself relative to
 * `root`), or null when it leaves the root or names a package.
 */
export function resolveWithin(root: string, file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = new URL(specifier, new URL(file, `file:///${root}/`)).pathname;
  return target.startsWith(`/${root}/`) ? target.slice(root.length + 2) : null;
}
