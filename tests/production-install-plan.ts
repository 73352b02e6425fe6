/**
 * What the Dockerfile installs and runs and what fly.toml runs, read from the files themselves, so
 * tests/production-install.ts follows them instead of a copy that could drift. Only the shapes
 * those files use are understood; anything else throws, naming the line, rather than being skipped.
 */

export interface Copy {
  /** Where the file or folder comes from: the dev tree, or the production `npm ci` (node_modules). */
  from: "context" | "build" | "prod-deps";
  /** Relative to the repository root (context and build stage, whose /app is the repository built). */
  source: string;
  /** Relative to the image's WORKDIR (/app). */
  dest: string;
}

export interface ProductionPlan {
  /** The Deno version of the final stage's image (denoland/deno:<variant>-<version>). */
  denoVersion: string;
  /** The arguments of the prod-deps stage's `npm ci`, e.g. ["ci", "--omit=dev"]. */
  npmArgs: string[];
  /** The final stage's COPY instructions, one entry per source. */
  copies: Copy[];
  /** The final stage's ENV and fly.toml's [env], fly.toml winning. */
  env: Record<string, string>;
  /** The image's CMD and fly.toml's release_command, as argument lists starting with "deno". */
  start: string[];
  release: string[];
}

interface Stage {
  image: string;
  name: string;
  lines: string[];
}

/** Instructions with line continuations joined; comments and blank lines dropped. */
function instructions(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!current && (!line || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue;
    current += (current ? " " : "") + line.replace(/\\$/, "").trim();
    if (!line.endsWith("\\")) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  return out;
}

function stages(dockerfile: string): Stage[] {
  const result: Stage[] = [];
  for (const line of instructions(dockerfile)) {
    const from = line.match(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i);
    if (from) result.push({ image: from[1], name: from[2] ?? "", lines: [] });
    else if (result.length) result[result.length - 1].lines.push(line);
  }
  return result;
}

function unsupported(line: string, why: string): never {
  throw new Error(`tests/production-install-plan.ts does not understand this Dockerfile line (${why}):\n  ${line}`);
}

function execForm(line: string, keyword: string): string[] {
  const json = line.slice(keyword.length).trim();
  let args: unknown;
  try {
    args = JSON.parse(json);
  } catch {
    unsupported(line, `${keyword} must be in exec form, a JSON array`);
  }
  if (!Array.isArray(args) || args[0] !== "deno") unsupported(line, `${keyword} must start with "deno"`);
  return args as string[];
}

function relative(path: string, what: string, line: string): string {
  const rel = path.replace(/^\/app\//, "").replace(/^\.\//, "").replace(/\/$/, "");
  if (rel.startsWith("/") || rel.includes("..")) unsupported(line, `${what} ${path} is outside /app`);
  return rel || ".";
}

export function parseDockerfile(text: string): Omit<ProductionPlan, "release"> {
  const all = stages(text);
  const final = all[all.length - 1];
  const denoVersion = final?.image.match(/^denoland\/deno:(?:[a-z]+-)?(\d+\.\d+\.\d+)$/)?.[1];
  if (!denoVersion) throw new Error(`Dockerfile: the final stage is not a denoland/deno:<version> image`);
  const prodDeps = all.find((s) => s.name === "prod-deps");
  const npmCi = prodDeps?.lines.find((l) => /^RUN\s+npm\s+ci\b/.test(l));
  if (!npmCi) throw new Error("Dockerfile: no `RUN npm ci ...` in a stage named prod-deps");
  if (/[;&|]/.test(npmCi)) unsupported(npmCi, "one plain npm ci command expected");
  const npmArgs = npmCi.replace(/^RUN\s+npm\s+/, "").split(/\s+/);

  const copies: Copy[] = [];
  const env: Record<string, string> = {};
  let start: string[] | undefined;
  for (const line of final.lines) {
    const [keyword] = line.split(/\s/, 1);
    switch (keyword.toUpperCase()) {
      case "COPY": {
        const words = line.split(/\s+/).slice(1);
        const flags = words.filter((w) => w.startsWith("--"));
        const paths = words.filter((w) => !w.startsWith("--"));
        const fromFlag = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length);
        if (flags.some((f) => !f.startsWith("--from=") && !f.startsWith("--chown="))) unsupported(line, "flag");
        if (fromFlag && fromFlag !== "build" && fromFlag !== "prod-deps") unsupported(line, "unknown stage");
        if (paths.length < 2) unsupported(line, "COPY needs a source and a destination");
        const dest = paths.pop()!;
        for (const source of paths) {
          if (/[*?]/.test(source)) unsupported(line, "wildcards");
          const rel = relative(source, "source", line);
          // `COPY a b ./` puts a and b in ./; `COPY sql ./sql` names the destination itself.
          const target = dest.endsWith("/") ? `${relative(dest, "destination", line)}/${rel.split("/").pop()}` : dest;
          copies.push({
            from: (fromFlag ?? "context") as Copy["from"],
            source: rel,
            dest: relative(target, "destination", line).replace(/^\.\//, ""),
          });
        }
        break;
      }
      case "ENV":
        for (const m of line.slice(3).matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, "");
        break;
      case "CMD":
        start = execForm(line, "CMD");
        break;
    }
  }
  if (!start) throw new Error("Dockerfile: the final stage has no CMD");
  if (!copies.some((c) => c.from === "prod-deps" && c.source === "node_modules")) {
    throw new Error("Dockerfile: the final stage does not copy node_modules from the prod-deps stage");
  }
  return { denoVersion, npmArgs, copies, env, start };
}

/** release_command and [env] of fly.toml (flat `key = "value"` lines only). */
export function parseFlyToml(text: string): { release: string[]; env: Record<string, string> } {
  let section = "";
  let release: string[] | undefined;
  const env: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const header = line.match(/^\[+([^\]]+)\]+$/);
    if (header) {
      section = header[1].trim();
      continue;
    }
    const kv = line.match(/^(\w+)\s*=\s*"([^"]*)"/);
    if (!kv) continue;
    if (section === "deploy" && kv[1] === "release_command") release = kv[2].split(/\s+/);
    if (section === "env") env[kv[1]] = kv[2];
  }
  if (!release) throw new Error("fly.toml: no release_command in [deploy]");
  if (release[0] !== "deno") throw new Error(`fly.toml: release_command must start with "deno": ${release.join(" ")}`);
  return { release, env };
}

export async function productionPlan(root: string): Promise<ProductionPlan> {
  const docker = parseDockerfile(await Deno.readTextFile(`${root}/Dockerfile`));
  const fly = parseFlyToml(await Deno.readTextFile(`${root}/fly.toml`));
  return { ...docker, env: { ...docker.env, ...fly.env }, release: fly.release };
}
