/**
 * Lighthouse (12.2.3, pinned; run through `npm exec`, with the system Chromium) on the pages a user
 * meets first: the landing page, the sign-in page and each role's signed-in dashboard. Lighthouse's
 * default (mobile) settings: simulated slow 4G and a 4x slower CPU. Prints a Markdown table of the
 * median of `--runs` runs per page (performance, total blocking time, time to interactive, largest
 * contentful paint, and the accessibility, best-practices and SEO scores) with the load average at
 * the start and the end: record it in docs/benchmarks.md only from a quiet machine.
 *
 * Run: node_modules/.bin/deno run -A bench/lighthouse.ts [--runs 3] [--only admin,vendor] [--desktop] [--keep DIR]
 * (builds the SPA when stale, starts the app on a fresh embedded database with demo data.)
 */
import { CHROMIUM_ARGS, chromiumPath, ensureSpaBuilt, startServer } from "../tests/e2e/helpers.ts";
import { DEMO_PASSWORD } from "../src/db/demo-accounts.ts";

const LIGHTHOUSE = "lighthouse@12.2.3";
const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 && Deno.args[i + 1] ? Deno.args[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "3"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const DESKTOP = Deno.args.includes("--desktop");
/** Keep each report's JSON in this directory (for its long tasks and script boot-up). */
const KEEP = arg("keep", "");

/** Each role's demo sign-in (the administrator signs in with its username). */
const ROLES: { name: string; login: { path: string; body: Record<string, string> } }[] = [
  { name: "admin", login: { path: "/api/admin/login", body: { username: "admin", password: "admin123" } } },
  ...[
    ["purchase_team", "purchase@example.com"],
    ["procurement_manager", "manager@example.com"],
    ["cost_finance_controller", "finance@example.com"],
    ["vendor", "vendor@example.com"],
  ].map(([name, email]) => ({
    name,
    login: { path: "/api/auth/login", body: { email, password: DEMO_PASSWORD } },
  })),
];

interface Result {
  performance: number;
  tbt: number;
  tti: number;
  lcp: number;
  fcp: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

async function loadAverage(): Promise<string> {
  return (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
}

async function sessionCookies(
  base: string,
  login: { path: string; body: Record<string, string> },
): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${base}${login.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(login.body),
  });
  if (res.status !== 200) throw new Error(`sign-in ${login.path}: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * A fresh Chromium (own profile: a cold cache) with the session cookie in its cookie jar, as a
 * signed-in browser has it. Lighthouse's `--extra-headers` Cookie is no substitute: the browser
 * replaces it with its own jar's cookies as soon as the page sets one (the SPA's `lang`).
 */
async function browserWith(base: string, cookies: { name: string; value: string }[]) {
  const profile = await Deno.makeTempDir({ prefix: "lighthouse-profile-" });
  const child = new Deno.Command(chromiumPath("full")!, {
    args: [
      ...CHROMIUM_ARGS,
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  let port = 0;
  for (let i = 0; i < 200 && !port; i++) {
    try {
      port = Number((await Deno.readTextFile(`${profile}/DevToolsActivePort`)).split("\n")[0]);
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  if (!port) throw new Error("Chromium did not open its debugging port");
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  await new Promise<void>((resolve, reject) => {
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.id !== 1) return;
      if (msg.error) reject(new Error(JSON.stringify(msg.error)));
      else resolve();
    };
    const params = { cookies: cookies.map((c) => ({ ...c, url: base, httpOnly: true, sameSite: "Lax" })) };
    ws.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params }));
  });
  ws.close();
  return {
    port,
    async close() {
      child.kill();
      await child.status;
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

async function lighthouse(url: string, name: string, cookies: { name: string; value: string }[]): Promise<Result> {
  const out = KEEP
    ? `${KEEP}/${name.replace(/[^a-z0-9]+/gi, "-")}-${Date.now()}.json`
    : await Deno.makeTempFile({ suffix: ".json" });
  const browser = await browserWith(new URL(url).origin, cookies);
  const args = [
    "exec",
    "--yes",
    "--",
    LIGHTHOUSE,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=performance,accessibility,best-practices,seo",
    `--port=${browser.port}`,
    // The cookie above stays; the profile is new, so the cache is cold all the same.
    "--disable-storage-reset",
    ...(DESKTOP ? ["--preset=desktop"] : []),
  ];
  const run = await new Deno.Command("npm", { args, stdout: "piped", stderr: "piped" }).output().finally(() =>
    browser.close()
  );
  if (run.code !== 0) throw new Error(`lighthouse ${url}: ${new TextDecoder().decode(run.stderr).slice(-2000)}`);
  const report = JSON.parse(await Deno.readTextFile(out));
  if (!KEEP) await Deno.remove(out);
  const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
  const ms = (a: string) => Math.round(report.audits[a]?.numericValue ?? NaN);
  return {
    performance: score("performance"),
    tbt: ms("total-blocking-time"),
    tti: ms("interactive"),
    lcp: ms("largest-contentful-paint"),
    fcp: ms("first-contentful-paint"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await ensureSpaBuilt();
const server = await startServer();
const startLoad = await loadAverage();
try {
  const pages: { name: string; path: string; login?: { path: string; body: Record<string, string> } }[] = [
    { name: "landing (signed out)", path: "/" },
    { name: "sign-in (signed out)", path: "/login" },
    ...ROLES.map((r) => ({ name: `dashboard: ${r.name}`, path: "/", login: r.login })),
  ].filter((p) => !ONLY.length || ONLY.some((o) => p.name.includes(o)));
  const rows: string[] = [];
  for (const p of pages) {
    const results: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh session per run: the audit's own cold load, never a session another run renewed.
      const cookies = p.login ? await sessionCookies(server.url, p.login) : [];
      results.push(await lighthouse(`${server.url}${p.path}`, p.name, cookies));
    }
    const m = (k: keyof Result) => median(results.map((r) => r[k]));
    rows.push(
      `| ${p.name} | ${m("performance")} | ${m("tbt")} | ${m("tti")} | ${m("fcp")} | ${m("lcp")} | ${
        m("accessibility")
      } | ${m("bestPractices")} | ${m("seo")} |`,
    );
    console.error(`${p.name}: ${results.map((r) => `${r.performance}/${r.tbt} ms`).join(", ")}`);
  }
  console.log(
    `\nLighthouse 12.2.3 (${
      DESKTOP ? "desktop" : "mobile"
    } settings), median of ${RUNS}; load average ${startLoad} at the start, ${await loadAverage()} at the end\n`,
  );
  console.log(
    "| page | performance | total blocking time ms | time to interactive ms | first contentful paint ms | largest contentful paint ms | accessibility | best practices | SEO |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
} finally {
  await server.stop();
}
