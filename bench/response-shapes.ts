/**
 * The ceiling of the signed-in call's answer on this Deno, outside in: a raw `Deno.serve` (no Hono,
 * no app) answering what `GET /api/auth/user` answers (status 200, the JSON content type, the 5
 * security headers of decision 011, X-Request-Id, a body of the same length) built in several
 * ways, then with the front door's pieces added one at a time, against bare Hono `c.json({ok:true})`
 * and (with `--app`) the app itself, all in the same rounds. CPU µs per request of the serving
 * process (`/proc/<pid>/stat`, all threads) is the figure to compare on a shared machine; req/s
 * ratios only within a round. wrk sends the same Cookie header to every raw variant and the app's
 * signed-in call (bare Hono: none).
 *
 *   node_modules/.bin/deno run -A bench/response-shapes.ts [--seconds 4] [--rounds 3]
 *     [--connections 32] [--only ct,clone,clone-push,full] [--app] [--app-flags "A;B"]
 *     [--raw-flags "--v8-flags=..."] [--ballast MB] [--out DIR]
 *
 * Variants (paths of the raw server): `ct` content type only (Deno's native fast static answer, as
 * bare Hono's c.json gets); `healthz` the /healthz answer (15-byte body); `clone` a copy of a
 * jsonTemplate with the user's body; `ct-rid` content type + X-Request-Id; `clone-rid` copy +
 * `headers.append` of X-Request-Id (answerFrom before 2afb160); `clone-push` copy + X-Request-Id
 * on its own header list (answerFrom now); `clone-rid-3` two security headers fewer; `u8-*` a
 * Uint8Array body; `init-*` `new Response(body, { headers })` from an object, an array of pairs, a
 * new Headers, or one shared Headers set per request (Deno's native-response path); `+cookie`,
 * `+session`, `+rid-header`, `+log-append`, `+log` the front door's steps added one at a time;
 * `full` (`/api/auth/user`) the real `frontDoor` on a cached session.
 * `--only v@nocookie` also runs variant v without the Cookie header. At start each variant's
 * status, header names and body length are printed (stderr).
 *
 * `--app` also starts a throwaway PostgreSQL cluster with the demo data and the app (`src/main.ts`,
 * request log on, buffered, to /dev/null) and measures its signed-in call (and `/healthz` unless
 * `--only` omits `app-healthz`); `--app-flags "A;B"` starts one app per entry with those extra
 * `deno run` flags. `--raw-flags` passes flags to the raw server, `--ballast MB` adds a second raw
 * server holding that much more retained heap, `--out DIR` keeps the servers' stdout (--trace-gc).
 */
import { API_HEADERS, jsonTemplate } from "../src/lib/security.ts";
import { frontDoor } from "../src/lib/pipeline.ts";
import { SessionCache } from "../src/auth/session-cache.ts";
import { cachedSessionUser, currentUserAnswer } from "../src/auth/session.ts";
import { logAnswer, nextRequestId, pathnameOf, requestHeader, requestIdFor } from "../src/lib/request-log.ts";
import { createLogger } from "../src/lib/logger.ts";
import type { SessionUserRow } from "../src/auth/queries.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/deno/deno`;

// The demo purchaser's answer (same length as the app's: checked by `--app`).
const USER_BODY = JSON.stringify({
  id: 2,
  email: "purchase@example.com",
  username: "purchase",
  firstName: "Paula",
  lastName: "Purchaser",
  mustChangePassword: false,
  role: { id: 2, name: "purchase_team", displayName: "Purchase team" },
});
const TOKEN = "e".repeat(36) + "." + "p".repeat(120) + "." + "s".repeat(43);
const COOKIE = `session=${TOKEN}`;

/** Retained objects (about 100 bytes each), to see whether a larger heap makes the same answer dearer. */
const ballast: unknown[] = [];
function serve(port: number) {
  const megabytes = Number(Deno.env.get("SHAPES_BALLAST_MB") ?? 0);
  for (let i = 0; i < megabytes * 10_000; i++) ballast.push({ id: i, name: `row ${i}`, tags: [i, i + 1] });
  const headersOf = (id: string): [string, string][] => [
    ["content-type", "application/json"],
    ...API_HEADERS.map(([n, v]) => [n, v] as [string, string]),
    ["x-request-id", id],
  ];
  const objectOf = (id: string) => Object.fromEntries(headersOf(id));
  const TEMPLATE = jsonTemplate(USER_BODY);
  const HEALTHY = jsonTemplate(JSON.stringify({ status: "ok" }));
  const BYTES = new TextEncoder().encode(USER_BODY);
  const BYTES_TEMPLATE = (() => {
    const res = new Response(BYTES, { headers: { "content-type": "application/json" } });
    for (const [n, v] of API_HEADERS) res.headers.append(n, v);
    return res;
  })();
  const CT_TEMPLATE = jsonTemplate(USER_BODY);
  const SHORT_TEMPLATE = new Response(USER_BODY, { headers: { "content-type": "application/json" } });
  for (const [n, v] of API_HEADERS.slice(0, 3)) SHORT_TEMPLATE.headers.append(n, v);
  const SHARED = new Headers(headersOf("x"));
  let innerKey: symbol | undefined;
  const pushHeader = (res: Response, name: string, value: string) => {
    innerKey ??= Object.getOwnPropertySymbols(res).find((s) => s.description === "response");
    (res as unknown as Record<symbol, { headerList: [string, string][] }>)[innerKey!].headerList.push([name, value]);
  };
  // A ct-only template: what a response with X-Request-Id and no security headers costs.
  const CT_ONLY = new Response(USER_BODY, { headers: { "content-type": "application/json" } });
  CT_ONLY.headers; // materialise the header list as jsonTemplate does
  void CT_TEMPLATE;

  // The session the front door finds in its caches.
  const cache = new SessionCache(1e12);
  const now = Math.floor(Date.now() / 1000);
  cache.rememberToken(TOKEN, { sub: "2", tv: 1, sid: "s1", iat: now, exp: now + 3600 });
  const row: SessionUserRow = {
    id: 2,
    email: "purchase@example.com",
    username: "purchase",
    firstName: "Paula",
    lastName: "Purchaser",
    roleId: 2,
    role: "purchase_team",
    roleDisplayName: "Purchase team",
    mustChangePassword: false,
    tokenVersion: 1,
    isActive: true,
    vendorStatus: null,
    revoked: false,
  };
  cache.set(2, "s1", row);
  const logger = createLogger("info", { buffered: true });
  const notFound = () => new Response("no", { status: 404 });
  const door = frontDoor(notFound, { sessionCache: cache, logger });

  const variants: Record<string, (req: Request) => Response> = {
    // Content type only: Deno's native "fast static" answer (what bare Hono's c.json gets).
    "ct": () => new Response(USER_BODY, { headers: { "content-type": "application/json" } }),
    // The /healthz way: a copy of a template with the 5 security headers, no X-Request-Id.
    "clone": () => TEMPLATE.clone(),
    // The /healthz answer itself (15-byte body).
    "healthz": () => HEALTHY.clone(),
    // The front door's answerFrom: copy + appended X-Request-Id.
    "clone-rid": () => {
      const res = TEMPLATE.clone();
      res.headers.append("x-request-id", nextRequestId());
      return res;
    },
    // Content type + X-Request-Id only (no security headers): what the header count costs.
    "ct-rid": () => {
      const res = CT_ONLY.clone();
      res.headers.append("x-request-id", nextRequestId());
      return res;
    },
    // clone-rid without the Headers object: X-Request-Id pushed onto the copy's own header list
    // (found under its symbol-keyed "response" property), skipping `res.headers` and its checks.
    "clone-push": () => {
      const res = TEMPLATE.clone();
      pushHeader(res, "x-request-id", nextRequestId());
      return res;
    },
    // Two security headers fewer (X-Frame-Options, CORP): what each header costs.
    "clone-rid-3": () => {
      const res = SHORT_TEMPLATE.clone();
      res.headers.append("x-request-id", nextRequestId());
      return res;
    },
    "u8-clone-rid": () => {
      const res = BYTES_TEMPLATE.clone();
      res.headers.append("x-request-id", nextRequestId());
      return res;
    },
    // Deno's native response: a Headers instance is copied into a new Response without checks,
    // and a Response built with a header list gets its native response (one fast op) at once.
    "init-shared-headers": () => {
      SHARED.set("x-request-id", nextRequestId());
      return new Response(USER_BODY, { headers: SHARED });
    },
    "init-object": () => new Response(USER_BODY, { headers: objectOf(nextRequestId()) }),
    "init-array": () => new Response(USER_BODY, { headers: headersOf(nextRequestId()) }),
    "init-headers": () => new Response(USER_BODY, { headers: new Headers(headersOf(nextRequestId())) }),
    "u8-init-array": () => new Response(BYTES, { headers: headersOf(nextRequestId()) }),
    // The front door's pieces added one at a time to "clone-rid".
    "+cookie": (req) => {
      requestHeader(req, "cookie");
      const res = TEMPLATE.clone();
      res.headers.append("x-request-id", nextRequestId());
      return res;
    },
    "+session": (req) => {
      const user = cachedSessionUser(cache, requestHeader(req, "cookie"));
      if (!user) return notFound();
      const res = TEMPLATE.clone();
      res.headers.append("x-request-id", nextRequestId());
      return res;
    },
    "+rid-header": (req) => {
      const user = cachedSessionUser(cache, requestHeader(req, "cookie"));
      if (!user) return notFound();
      return currentUserAnswer(user, requestIdFor(requestHeader(req, "x-request-id")));
    },
    // "+log" with X-Request-Id appended through `res.headers` (answerFrom before 2afb160).
    "+log-append": (req) => {
      const start = performance.now();
      const user = cachedSessionUser(cache, requestHeader(req, "cookie"));
      if (!user) return notFound();
      const id = requestIdFor(requestHeader(req, "x-request-id"));
      const res = TEMPLATE.clone();
      res.headers.append("x-request-id", id);
      logAnswer(logger, id, "GET", "/api/auth/user", 200, start, user.id);
      return res;
    },
    "+log": (req) => {
      const start = performance.now();
      const user = cachedSessionUser(cache, requestHeader(req, "cookie"));
      if (!user) return notFound();
      const id = requestIdFor(requestHeader(req, "x-request-id"));
      const res = currentUserAnswer(user, id);
      logAnswer(logger, id, "GET", "/api/auth/user", 200, start, user.id);
      return res;
    },
  };
  Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = pathnameOf(req.url);
    if (path === "/api/auth/user") return door(req);
    const variant = variants[path.slice(1)];
    return variant ? variant(req) : notFound();
  });
}

if (Deno.args[0] === "serve") {
  serve(Number(Deno.args[1]));
} else {
  await main();
}

async function main() {
  const arg = (name: string, fallback: string) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i >= 0 ? Deno.args[i + 1] : fallback;
  };
  const SECONDS = Number(arg("seconds", "4"));
  const CONNECTIONS = Number(arg("connections", "32"));
  const ROUNDS = Number(arg("rounds", "3"));
  const ONLY = arg("only", "").split(",").filter(Boolean);
  const APP = Deno.args.includes("--app");
  const { freePort, findPostgresBin, startCluster } = await import("../tests/helpers/pg-cluster.ts");

  const { median, onCore, PIN, wrk: runWrk } = await import("./wrk.ts");
  const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  const wrk = (url: string, cookie: string, pid: number, seconds: number) =>
    runWrk({ url, seconds, connections: CONNECTIONS, headers: cookie ? { cookie } : {}, pid });
  const waitFor = async (url: string, init?: RequestInit) => {
    for (let i = 0; i < 1200; i++) {
      try {
        const r = await fetch(url, init);
        await r.body?.cancel();
        if (r.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${url} did not come up`);
  };

  const children: Deno.ChildProcess[] = [];
  // `--out DIR`: the raw server's and the apps' stdout go to files there (e.g. with --trace-gc).
  const OUT = arg("out", "");
  let outs = 0;
  const spawn = (args: string[], opts: Omit<Deno.CommandOptions, "args">) => {
    // Servers on core 0, wrk on core 1 (bench/wrk.ts).
    const [cmd, cmdArgs] = onCore(0, DENO, args);
    if (!OUT) return new Deno.Command(cmd, { ...opts, args: cmdArgs, stdout: "null" }).spawn();
    const file = `${OUT}/${++outs}.out`;
    const q = (a: string) => `'${a.replaceAll("'", `'\\''`)}'`;
    return new Deno.Command("sh", {
      ...opts,
      args: ["-c", `exec ${q(cmd)} ${cmdArgs.map(q).join(" ")} > ${q(file)}`],
    }).spawn();
  };
  let cluster: { url: string; stop(): Promise<void> } | undefined;
  let dataDir = "";
  try {
    const barePort = freePort();
    const rawPort = freePort();
    const [bareCmd, bareArgs] = onCore(0, DENO, ["run", "-A", `${ROOT}bench/bare-hono.ts`, String(barePort)]);
    const bare = new Deno.Command(bareCmd, { args: bareArgs }).spawn();
    const raw = spawn(
      [
        "run",
        "-A",
        ...arg("raw-flags", "").split(" ").filter(Boolean),
        `${ROOT}bench/response-shapes.ts`,
        "serve",
        String(rawPort),
      ],
      {},
    );
    children.push(bare, raw);
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    const rawUrl = `http://127.0.0.1:${rawPort}/`;
    await waitFor(bareUrl);
    await waitFor(`${rawUrl}ct`);

    // Every raw variant answers what the front door answers: status, header names, body length.
    const shape = async (url: string, cookie: string) => {
      const r = await fetch(url, { headers: { cookie } });
      const body = await r.text();
      return `${r.status} [${[...r.headers.keys()].filter((k) => k !== "date").join(",")}] ${body.length}`;
    };
    const reference = await shape(`${rawUrl}api/auth/user`, COOKIE);
    console.error(`front door (raw): ${reference}`);

    const runs: [string, string, string, number][] = [["bare Hono `c.json({ok:true})`", bareUrl, "", bare.pid]];
    for (
      const v of [
        "ct",
        "healthz",
        "clone",
        "ct-rid",
        "clone-rid",
        "clone-push",
        "clone-rid-3",
        "u8-clone-rid",
        "init-shared-headers",
        "init-object",
        "init-array",
        "init-headers",
        "u8-init-array",
        "+cookie",
        "+session",
        "+rid-header",
        "+log-append",
        "+log",
      ]
    ) {
      if (ONLY.length && !ONLY.includes(v)) continue;
      console.error(`${v}: ${await shape(`${rawUrl}${v}`, COOKIE)}`);
      runs.push([`raw \`${v}\``, `${rawUrl}${v}`, COOKIE, raw.pid]);
      // `--only v@nocookie` also runs the variant without the Cookie header (the request's size).
      if (ONLY.includes(`${v}@nocookie`)) runs.push([`raw \`${v}\`, no Cookie`, `${rawUrl}${v}`, "", raw.pid]);
    }
    if (!ONLY.length || ONLY.includes("full")) {
      runs.push(["raw: the real `frontDoor` (session cache + log)", `${rawUrl}api/auth/user`, COOKIE, raw.pid]);
    }
    // `--ballast MB`: a second raw server holding that much retained heap, same front door.
    const BALLAST = arg("ballast", "");
    if (BALLAST) {
      const port = freePort();
      const heavy = spawn(
        [
          "run",
          "-A",
          ...arg("raw-flags", "").split(" ").filter(Boolean),
          `${ROOT}bench/response-shapes.ts`,
          "serve",
          String(port),
        ],
        { env: { SHAPES_BALLAST_MB: BALLAST } },
      );
      children.push(heavy);
      await waitFor(`http://127.0.0.1:${port}/ct`);
      runs.push([
        `raw, ${BALLAST} MB retained: the real \`frontDoor\``,
        `http://127.0.0.1:${port}/api/auth/user`,
        COOKIE,
        heavy.pid,
      ]);
    }

    if (APP) {
      const bin = await findPostgresBin();
      if (!bin) throw new Error("PostgreSQL server binaries not found");
      cluster = await startCluster(bin);
      const { openPostgres } = await import("../src/db/postgres.ts");
      const { migrate } = await import("../src/db/migrate.ts");
      const { seedDemo } = await import("../src/db/seed.ts");
      const db = openPostgres(cluster.url, 2, { statementTimeoutMs: 0 });
      await migrate(db);
      await seedDemo(db, createLogger("warn"));
      await db.close();
      dataDir = await Deno.makeTempDir({ prefix: "shapes-" });
      const bytes = crypto.getRandomValues(new Uint8Array(80));
      // `--app-flags "A;B"`: one app per entry, started with those extra `deno run` flags.
      const variantsOfApp = arg("app-flags", "").split(";");
      for (const flags of variantsOfApp) {
        const appPort = freePort();
        const app = spawn(["run", "-A", ...flags.split(" ").filter(Boolean), `${ROOT}src/main.ts`], {
          cwd: ROOT,
          env: {
            DATABASE_URL: cluster.url,
            PORT: String(appPort),
            HOST: "127.0.0.1",
            LOG_LEVEL: "info",
            SEED_DEMO: "false",
            DATA_DIR: dataDir,
            JWT_SECRET: btoa(String.fromCharCode(...bytes.subarray(0, 48))),
            SEALED_BID_KEY: btoa(String.fromCharCode(...bytes.subarray(48))),
          },
        });
        children.push(app);
        const appUrl = `http://127.0.0.1:${appPort}`;
        await waitFor(`${appUrl}/healthz`);
        const login = await fetch(`${appUrl}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: appUrl },
          body: JSON.stringify({ email: "purchase@example.com", password: "demo123" }),
        });
        const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
        await login.body?.cancel();
        const label = flags ? ` (${flags})` : "";
        console.error(`app${label}: ${await shape(`${appUrl}/api/auth/user`, cookie)}`);
        if (!ONLY.length || ONLY.includes("app-healthz")) {
          runs.push([`the app${label}: \`/healthz\``, `${appUrl}/healthz`, cookie, app.pid]);
        }
        runs.push([`the app${label}: \`GET /api/auth/user\` (signed in)`, `${appUrl}/api/auth/user`, cookie, app.pid]);
      }
    }

    for (const [, url, cookie, pid] of runs) await wrk(url, cookie, pid, 2);
    const before = loadAverage();
    // Each variant's window right after a window of bare Hono: ratios of adjacent windows
    // (bench/throughput.ts), so the machine's drift between windows skews none.
    type Window = Awaited<ReturnType<typeof wrk>>;
    const rounds: Window[][] = [];
    const bares: Window[][] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round: Window[] = [];
      const bareOf: Window[] = [];
      for (const [i, [, url, cookie, pid]] of runs.entries()) {
        const b = await wrk(runs[0][1], runs[0][2], runs[0][3], SECONDS);
        bareOf.push(b);
        round.push(i === 0 ? b : await wrk(url, cookie, pid, SECONDS));
      }
      rounds.push(round);
      bares.push(bareOf);
      console.error(`round ${r + 1} done (load ${loadAverage()})`);
    }
    const commit = new TextDecoder().decode(
      (await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"], cwd: ROOT }).output()).stdout,
    ).trim();
    console.log(
      `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${ROUNDS} rounds of paired windows (medians), ` +
        `${PIN ? "servers on core 0 and wrk on core 1" : "not pinned"}, commit ${commit}, ` +
        `${new Date().toISOString()}, load average ${before} before, ${loadAverage()} after\n`,
    );
    console.log(
      "| server / variant | req/s | % of bare | CPU µs/request (min / median) | % of bare by CPU | non-2xx |",
    );
    console.log("| --- | --- | --- | --- | --- | --- |");
    runs.forEach(([name], i) => {
      const rps = median(rounds.map((r) => r[i].rps));
      const ratio = median(rounds.map((r, k) => (100 * r[i].rps) / bares[k][i].rps));
      const cpu = rounds.map((r) => r[i].cpuUs);
      const cpuRatio = median(rounds.map((r, k) => (100 * bares[k][i].cpuUs) / r[i].cpuUs));
      console.log(
        `| ${name} | ${Math.round(rps)} | ${Math.round(ratio)}% | ${Math.min(...cpu).toFixed(1)} / ${
          median(cpu).toFixed(1)
        } | ${Math.round(cpuRatio)}% | ${rounds.reduce((n, r) => n + r[i].non2xx, 0)} |`,
      );
    });
  } finally {
    for (const c of children) {
      try {
        c.kill("SIGTERM");
        await c.status;
      } catch {
        // gone
      }
    }
    await cluster?.stop();
    if (dataDir) await Deno.remove(dataDir, { recursive: true });
  }
}
