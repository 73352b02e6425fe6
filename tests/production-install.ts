/**
 * The production image without Docker: a fresh folder gets what the Dockerfile installs (`npm ci
 * --omit=dev`) and copies (read from the Dockerfile: tests/production-install-plan.ts), then, with
 * this Deno (the image's is the same version):
 *  a. every server module (src/**, not tests) resolves in it, lazy `import()`s included, and loads;
 *     every npm package they name loads; every file they read from node_modules exists;
 *  b. on a new database: fly.toml's release_command migrates, the demo seed adds an administrator,
 *     the Dockerfile's CMD serves with NODE_ENV=production and fly.toml's [env]; /readyz answers,
 *     the administrator signs in and downloads an XLSX report (exceljs), the SPA and the API
 *     reference page (a file of node_modules) are served.
 * A server dependency declared in devDependencies fails a. (and b.) here, as it would in the image.
 *
 * `deno run -A tests/production-install.ts`: on TEST_DATABASE_URL, or a throwaway cluster.
 */
import { openPostgres } from "../src/db/postgres.ts";
import { DEMO_ACCOUNTS } from "../src/db/demo-accounts.ts";
import { type Copy, productionPlan } from "./production-install-plan.ts";
import { findPostgresBin, freePort, startCluster } from "./helpers/pg-cluster.ts";

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
}

/** Runs a command to the end (killed at the time limit); throws with its whole output when it fails. */
async function run(cmd: string, args: string[], what: string, opts: RunOptions): Promise<string> {
  const child = new Deno.Command(cmd, {
    args,
    cwd: opts.cwd,
    env: opts.env,
    clearEnv: opts.env !== undefined,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, opts.timeoutMs);
  const out = await child.output().finally(() => clearTimeout(timer));
  const text = (new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr)).trim();
  if (timedOut) throw new Error(`${what}: no end after ${opts.timeoutMs / 1000} s, killed. Output:\n${text}`);
  if (!out.success) throw new Error(`${what} failed (exit ${out.code}). Output:\n${text}`);
  return text;
}

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${dir}/${prefix}`)) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await filesUnder(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function ensureSpaBuilt(): Promise<void> {
  if (await exists(`${ROOT}/web/dist/index.html`)) return;
  await run("node", ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], "SPA build (vite)", {
    cwd: ROOT,
    timeoutMs: 180_000,
  });
}

async function install(dir: string, npmArgs: string[], copies: Copy[]): Promise<void> {
  for (const file of ["package.json", "package-lock.json"]) await Deno.copyFile(`${ROOT}/${file}`, `${dir}/${file}`);
  await run("npm", [...npmArgs, "--no-audit", "--no-fund", "--prefer-offline"], `npm ${npmArgs.join(" ")}`, {
    cwd: dir,
    timeoutMs: 180_000,
  });
  // The final stage has only what it copies: the lockfile served npm ci in the prod-deps stage.
  if (!copies.some((c) => c.dest === "package-lock.json")) await Deno.remove(`${dir}/package-lock.json`);
  for (const c of copies) {
    if (c.from === "prod-deps") continue;
    if (c.from === "build") await ensureSpaBuilt();
    const target = `${dir}/${c.dest}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await run("cp", ["-R", `${ROOT}/${c.source}`, target], `copy ${c.source}`, { cwd: dir, timeoutMs: 60_000 });
  }
}

interface GraphDependency {
  specifier: string;
  isDynamic?: boolean;
  code?: { specifier?: string; error?: string };
}
interface GraphModule {
  specifier: string;
  error?: string;
  dependencies?: GraphDependency[];
}

const isBare = (s: string) => !/^(\.|\/|node:|file:|npm:|jsr:|https?:|data:)/.test(s);
/** "exceljs" of "exceljs/x", "@scope/name" of "@scope/name/x". */
const packageOf = (s: string) => s.split("/").slice(0, s.startsWith("@") ? 2 : 1).join("/");

/**
 * a. Resolves the module graph of every server module (`deno info`, which follows lazy `import()`s
 * without running anything), then loads the modules that do nothing on import and every npm
 * specifier seen, and checks the node_modules files the code reads by path.
 */
async function checkModules(dir: string, deno: string, env: Record<string, string>) {
  const modules = (await filesUnder(`${dir}/src`)).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  await Deno.writeTextFile(`${dir}/.graph.ts`, modules.map((m) => `import "./src/${m}";\n`).join(""));
  const info = JSON.parse(
    await run(deno, ["info", "--json", ".graph.ts"], "deno info (module graph)", { cwd: dir, env, timeoutMs: 60_000 }),
  ) as { modules: GraphModule[] };

  const { devDependencies = {} } = JSON.parse(await Deno.readTextFile(`${dir}/package.json`)) as {
    devDependencies?: Record<string, string>;
  };
  const local = `file://${dir}/`;
  const problems: string[] = [];
  const specifiers = new Set<string>();
  for (const m of info.modules) {
    if (!m.specifier.startsWith(`${local}src/`) && m.specifier !== `${local}.graph.ts`) continue;
    const where = m.specifier.slice(local.length);
    if (m.error) problems.push(`${where}: ${m.error}`);
    for (const d of m.dependencies ?? []) {
      // Type-only imports are erased before running; `code` is what runs.
      if (d.code?.error) {
        const name = packageOf(d.specifier);
        const pkg = !isBare(d.specifier)
          ? ""
          : name in devDependencies
          ? ` (npm package "${name}" is in devDependencies, which npm ci --omit=dev leaves out: move it to dependencies)`
          : ` (npm package "${name}")`;
        problems.push(`${where} imports "${d.specifier}"${d.isDynamic ? " lazily" : ""}${pkg}: ${d.code.error}`);
      } else if (d.code && isBare(d.specifier)) specifiers.add(d.specifier);
    }
  }
  for (const m of modules) {
    const source = await Deno.readTextFile(`${dir}/src/${m}`);
    for (const [, path] of source.matchAll(/new URL\("((?:\.\.\/)+node_modules\/[^"]+)", import\.meta\.url\)/g)) {
      const file = new URL(path, `${local}src/${m}`).pathname;
      if (!await exists(file)) {
        problems.push(`src/${m} reads ${file.slice(dir.length + 1)}, missing from the production install`);
      }
    }
  }
  if (problems.length) throw new Error(problems.join("\n"));

  // Modules that act on import are resolved above, not run: command-line scripts and worker entries.
  const loadable = [];
  for (const m of modules) {
    const source = await Deno.readTextFile(`${dir}/src/${m}`);
    if (!m.endsWith("-cli.ts") && !source.includes(`/// <reference lib="deno.worker" />`)) loadable.push(m);
  }
  const entry = [...loadable.map((m) => `./src/${m}`), ...[...specifiers].sort()];
  await Deno.writeTextFile(
    `${dir}/.load.ts`,
    `const failed: string[] = [];
for (const s of ${JSON.stringify(entry)}) {
  try {
    await import(s);
  } catch (e) {
    failed.push(\`\${s}: \${e instanceof Error ? e.stack ?? e.message : String(e)}\`);
  }
}
if (failed.length) console.error(failed.join("\\n"));
Deno.exit(failed.length ? 1 : 0);
`,
  );
  await run(deno, ["run", "-A", ".load.ts"], "loading the server modules and npm packages", {
    cwd: dir,
    env,
    timeoutMs: 60_000,
  });
  return { modules: modules.length, packages: new Set([...specifiers].map(packageOf)).size };
}

interface Server {
  output: string[];
  stop(): Promise<void>;
}

function startServer(deno: string, args: string[], dir: string, env: Record<string, string>): Server {
  const child = new Deno.Command(deno, {
    args,
    cwd: dir,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  })
    .spawn();
  const output: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const bytes of stream) output.push(decoder.decode(bytes, { stream: true }));
  };
  const collected = Promise.all([collect(child.stdout), collect(child.stderr)]);
  let stopped: Promise<void> | undefined;
  return {
    output,
    stop: () =>
      stopped ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch { /* already gone */ }
        const timer = setTimeout(() => {
          try {
            child.kill("SIGKILL");
          } catch { /* gone meanwhile */ }
        }, 15_000);
        await child.status;
        clearTimeout(timer);
        await collected;
      })(),
  };
}

async function waitReady(base: string, server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `the server was not ready after ${timeoutMs / 1000} s (last: ${last}). Output:\n${server.output.join("")}`,
  );
}

async function expectResponse(res: Response, what: string, status: number, type: string): Promise<Uint8Array> {
  const body = new Uint8Array(await res.arrayBuffer());
  const contentType = res.headers.get("content-type") ?? "";
  if (res.status !== status || !contentType.startsWith(type)) {
    const text = new TextDecoder().decode(body.slice(0, 2000));
    throw new Error(`${what}: expected ${status} ${type}, got ${res.status} ${contentType}:\n${text}`);
  }
  return body;
}

/** b. Migrate, seed, serve as production does; sign in; download an XLSX export, the SPA, the reference page. */
async function checkServer(
  dir: string,
  deno: string,
  plan: Awaited<ReturnType<typeof productionPlan>>,
  env: Record<string, string>,
) {
  const opts = { cwd: dir, env, timeoutMs: 90_000 };
  await run(deno, plan.release.slice(1), `release_command (${plan.release.join(" ")})`, opts);
  await run(deno, ["run", "-A", "src/db/seed-cli.ts"], "demo seed (src/db/seed-cli.ts)", opts);
  const server = startServer(deno, plan.start.slice(1), dir, env);
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitReady(base, server, 30_000);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    const signIn = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: admin.signIn, password: admin.password }),
      signal: AbortSignal.timeout(10_000),
    });
    await expectResponse(signIn, "POST /api/admin/login", 200, "application/json");
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("session="));
    if (!cookie) throw new Error(`POST /api/admin/login set no session cookie: ${signIn.headers.getSetCookie()}`);
    const get = (path: string) => fetch(`${base}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(20_000) });

    const path = "/api/reports/spend/export.xlsx";
    const xlsx = await expectResponse(await get(path), `GET ${path}`, 200, XLSX);
    const latin1 = new TextDecoder("latin1").decode(xlsx);
    if (!latin1.startsWith("PK\x03\x04") || !latin1.includes("xl/workbook.xml")) {
      throw new Error(`GET ${path}: the body (${xlsx.length} bytes) is no XLSX: no zip with xl/workbook.xml`);
    }
    const spa = new TextDecoder().decode(await expectResponse(await get("/"), "GET / (the SPA)", 200, "text/html"));
    if (!spa.includes(`<div id="root"`)) throw new Error(`GET /: not the SPA's index.html:\n${spa.slice(0, 500)}`);
    await expectResponse(await get("/api/docs/scalar.js"), "GET /api/docs/scalar.js", 200, "text/javascript");
    return { xlsxBytes: xlsx.length };
  } catch (e) {
    await server.stop();
    throw new Error(`${(e as Error).message}\nServer output:\n${server.output.join("").trim()}`);
  } finally {
    await server.stop();
  }
}

/**
 * The install writes some 40,000 files; on a disk mounted with discard, deleting them takes a
 * minute. tmpfs (/dev/shm) when it has room (Docker gives containers 64 MB by default), else $TMPDIR.
 */
async function tempParent(): Promise<string | undefined> {
  try {
    const df = await run("df", ["-Pk", "/dev/shm"], "df", { cwd: "/", timeoutMs: 5000 });
    const availableKb = Number(df.split("\n")[1]?.trim().split(/\s+/)[3]);
    return availableKb > 2 * 1024 * 1024 ? "/dev/shm" : undefined;
  } catch {
    return undefined;
  }
}

function randomSecret(bytes: number): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))));
}

/** Throws with what failed (command output, server output) when the production install does not work. */
export async function checkProductionInstall(opts: { databaseUrl: string; log?: (s: string) => void }): Promise<void> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const deno = Deno.execPath();
  const plan = await productionPlan(ROOT);
  if (plan.denoVersion !== Deno.version.deno) {
    throw new Error(
      `The Dockerfile's image runs Deno ${plan.denoVersion}, this check Deno ${Deno.version.deno}: ` +
        `make package.json's "deno" and the Dockerfile's denoland/deno image the same version`,
    );
  }
  const dir = await Deno.makeTempDir({ dir: await tempParent(), prefix: "procurement-prod-" });
  const name = `prod_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = openPostgres(opts.databaseUrl, 1);
  let created = false;
  try {
    await install(dir, plan.npmArgs, plan.copies);
    log(`production install: npm ${plan.npmArgs.join(" ")} and the Dockerfile's copies (${seconds()})`);

    const port = freePort();
    const url = new URL(opts.databaseUrl);
    url.pathname = `/${name}`;
    const env: Record<string, string> = {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: Deno.env.get("HOME") ?? dir,
      ...Object.fromEntries(["DENO_DIR", "TMPDIR"].flatMap((k) => Deno.env.get(k) ? [[k, Deno.env.get(k)!]] : [])),
      ...plan.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: `${dir}/data`,
      DATABASE_URL: url.href,
      JWT_SECRET: randomSecret(48),
      SEALED_BID_KEY: randomSecret(32),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const graph = await checkModules(dir, deno, env);
    log(`modules: ${graph.modules} server modules and ${graph.packages} npm packages load (${seconds()})`);

    await admin.exec(`create database ${name}`);
    created = true;
    const served = await checkServer(dir, deno, plan, env);
    log(`server: migrated, signed in, XLSX export ${served.xlsxBytes} bytes (${seconds()})`);
  } finally {
    try {
      if (created) await admin.exec(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  }
}

if (import.meta.main) {
  const started = performance.now();
  let url = Deno.env.get("TEST_DATABASE_URL");
  let stopCluster: (() => Promise<void>) | undefined;
  try {
    if (!url) {
      const bin = await findPostgresBin();
      if (!bin) throw new Error("no TEST_DATABASE_URL and no PostgreSQL binaries (initdb, pg_ctl) found");
      const cluster = await startCluster(bin);
      stopCluster = cluster.stop;
      Deno.addSignalListener("SIGINT", () => cluster.stop().finally(() => Deno.exit(130)));
      url = cluster.url;
    }
    await checkProductionInstall({ databaseUrl: url, log: (s) => console.log(s) });
    console.log(`production install: ok in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`production install: FAILED\n${e instanceof Error ? e.message : String(e)}`);
    Deno.exitCode = 1;
  } finally {
    await stopCluster?.();
  }
}
