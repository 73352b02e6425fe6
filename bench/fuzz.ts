/**
 * Fuzz the API in process: random and mutated valid bodies, odd path ids and query strings, on
 * every route of the route table (src/app.ts `routers`), as every role and signed out. Any answer
 * of 500 or above is a bug. Reproducible: the same seed gives the same requests.
 *
 *   node_modules/.bin/deno run -A bench/fuzz.ts [seed=1] [requests=10000]
 *
 * Runs on an in-memory PGlite (or TEST_DATABASE_URL's PostgreSQL, see tests/helpers/db.ts).
 */
import { routers } from "../src/app.ts";
import { testApp } from "../tests/helpers/app.ts";
import { as, createCategory, type Session } from "../tests/helpers/users.ts";
import { recordingLogger } from "../tests/helpers/app.ts";

const seed = Number(Deno.args[0] ?? 1);
const total = Number(Deno.args[1] ?? 10_000);

/** mulberry32: small, fast, deterministic. */
function prng(a: number) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(seed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const logger = recordingLogger();
const t = await testApp({ logger, env: { TRUST_PROXY: "true" } });
const cat = await createCategory(t.db, "Fuzz");
const ROLES = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller", "vendor"] as const;
const signInAs = (role: (typeof ROLES)[number]) => as(t, role, role === "vendor" ? { categoryIds: [cat] } : {});
const sessions: (Session | null)[] = [null];
for (const role of ROLES) sessions.push(await signInAs(role));
let renewed = 0;

const DAY = 86_400_000;
const future = (d: number) => new Date(Date.now() + d * DAY).toISOString();
const VALID: Record<string, unknown>[] = [
  {
    title: "Chairs",
    description: "Office chairs",
    department: "Ops",
    justification: "Worn",
    deadline: future(10).slice(0, 10),
    items: [{ itemName: "Chair", quantity: 2, estimatedPrice: "10", categoryId: cat }],
  },
  { title: "Quick", deadline: future(5), items: [{ name: "Pen", quantity: 1 }], categoryId: cat },
  {
    title: "Desks",
    description: "Desks",
    department: "Ops",
    deadline: future(30).slice(0, 10),
    biddingDeadline: future(20),
    qualificationCriteria: "Any",
    status: "draft",
    items: [{ itemName: "Desk", quantity: 1, estimatedPrice: "100", categoryId: cat }],
  },
  { purchaseRequestId: 1, validityPeriod: 30, items: [{ itemId: 1, unitPrice: "9.50" }] },
  { bidRequestId: 1, validityPeriod: 30, items: [{ itemId: 1, unitPrice: "9.50" }] },
  { name: "Category", description: "desc", isActive: true },
  { firstName: "A", lastName: "B", email: "a@example.com", password: "secret123", roleId: 2 },
  { status: "approved", comment: "ok", justification: "fine" },
  { technicalScore: 80, comment: "good" },
  { quotationId: 1 },
  { defaultDeadline: 7, autoReminder: 24, enableVendorMatching: true, timeZone: "UTC" },
  { key: "email_provider", value: "sendgrid" },
  { email: "nobody@example.com", password: "secret123" },
  { categoryIds: [cat] },
  { emailNotifications: true, opportunityEmails: false, deadlineReminders: true },
  { isActive: false },
  { roleId: 3 },
  { comment: "because" },
];
const NASTY: unknown[] = [
  "nul\u0000byte",
  "\uD800",
  "x\uDC00",
  "",
  " ",
  "x".repeat(20_000),
  "2026-02-30",
  "0001-01-01",
  "-000001-01-01",
  "+275760-09-13",
  "2147483648",
  2147483648,
  -1,
  0,
  1.5,
  1e308,
  -0,
  Number.MAX_SAFE_INTEGER,
  "1e400",
  null,
  true,
  [],
  {},
  [null],
  { $gt: "" },
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "NaN",
  "Infinity",
  "١٢٣",
  "👍".repeat(300),
];
const IDS = ["1", "2", "3", "0", "-1", "abc", "2147483647", "2147483648", "99999999999999999999", "1.5", "%00", "1e3"];
const QUERY_KEYS = ["limit", "offset", "q", "status", "categoryId", "userId", "range", "group", "action", "roleId"];
const QUERY_VALUES = ["1", "-5", "abc", "2147483648", "%00", "%ED%A0%80", "x".repeat(300), "active", "7d", "", "1e400"];

function mutate(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => (rand() < 0.3 ? mutate(v, depth + 1) : v));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(out);
    // field by field: one field replaced (or dropped, or a nested one mutated)
    const k = pick(keys);
    const r = rand();
    if (r < 0.1) delete out[k];
    else if (r < 0.4 && out[k] && typeof out[k] === "object" && depth < 3) out[k] = mutate(out[k], depth + 1);
    else out[k] = pick(NASTY);
    if (rand() < 0.1) out[pick(["extra", "__proto__", "constructor", k + "x"])] = pick(NASTY);
    return out;
  }
  return pick(NASTY);
}

function randomJson(depth = 0): unknown {
  const r = rand();
  if (depth > 2 || r < 0.5) return pick(NASTY);
  if (r < 0.7) return Array.from({ length: Math.floor(rand() * 3) }, () => randomJson(depth + 1));
  const keys = Object.keys(pick(VALID));
  return Object.fromEntries(keys.map((k) => [k, randomJson(depth + 1)]));
}

function body(): { headers: Record<string, string>; body: BodyInit } {
  const r = rand();
  if (r < 0.55) return { headers: { "content-type": "application/json" }, body: JSON.stringify(mutate(pick(VALID))) };
  if (r < 0.75) return { headers: { "content-type": "application/json" }, body: JSON.stringify(randomJson()) };
  if (r < 0.8) return { headers: { "content-type": "application/json" }, body: JSON.stringify(pick(VALID)) };
  if (r < 0.85) return { headers: { "content-type": "application/json" }, body: pick(["{", "[1,", "\u0000", "nul"]) };
  if (r < 0.95) {
    const form = new FormData();
    for (const [k, v] of Object.entries(mutate(pick(VALID)) as Record<string, unknown>)) {
      if (Array.isArray(v)) { for (const x of v) form.append(k, typeof x === "string" ? x : JSON.stringify(x)); }
      else form.set(k, typeof v === "string" ? v : JSON.stringify(v));
    }
    if (rand() < 0.5) {
      form.set(
        pick(["businessLicense", "file", "attachment"]),
        new File([pick(["%PDF-1.4 x", "\x89PNG\r\n\x1a\n", "MZ", ""])], pick(["a.pdf", "b.png", "c.exe", ""])),
      );
    }
    return { headers: {}, body: form };
  }
  return {
    headers: { "content-type": pick(["text/plain", "application/xml", "multipart/form-data; boundary=z"]) },
    body: "x",
  };
}

const seen = new Set<string>();
const routes: { method: string; path: string }[] = [];
for (const r of routers) {
  for (const route of r.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    // Signing out or changing one's password would only end the sessions used for the rest.
    if (/logout|change-password|sign-out/.test(route.path)) continue;
    if (seen.has(`${route.method} ${route.path}`)) continue;
    seen.add(`${route.method} ${route.path}`);
    routes.push({ method: route.method, path: route.path });
  }
}

const failures: string[] = [];
const byStatus = new Map<number, number>();
const started = performance.now();
for (let i = 0; i < total; i++) {
  const route = pick(routes);
  const slot = Math.floor(rand() * sessions.length);
  const session = sessions[slot];
  let path = route.path.replace(/:[a-zA-Z]+/g, () => pick(IDS));
  if (route.method === "GET" || rand() < 0.2) {
    const n = Math.floor(rand() * 3);
    const qs = Array.from({ length: n }, () => `${pick(QUERY_KEYS)}=${pick(QUERY_VALUES)}`).join("&");
    if (qs) path += `?${qs}`;
  }
  const init: RequestInit = { method: route.method };
  if (route.method !== "GET" && route.method !== "HEAD") Object.assign(init, body());
  const res = session
    ? await session.request(path, init)
    : await t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string> ?? {}) } });
  const text = await res.text();
  byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
  // A fuzzed call may deactivate, demote or sign out its own user: carry on as a fresh one of that role.
  if (session && res.status === 401) {
    sessions[slot] = await signInAs(session.user.role as (typeof ROLES)[number]);
    renewed++;
  }
  if (res.status >= 500) {
    const sent = typeof init.body === "string" ? init.body.slice(0, 300) : init.body ? "(form)" : "";
    failures.push(
      `#${i} ${route.method} ${path} as ${session?.user.role ?? "anonymous"} → ${res.status} ${
        text.slice(0, 200)
      } | ${sent}`,
    );
  }
}
const seconds = (performance.now() - started) / 1000;
await t.close();

const statuses = [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(", ");
console.log(`fuzz seed=${seed}: ${total} requests over ${routes.length} routes in ${seconds.toFixed(1)} s`);
console.log(`statuses: ${statuses}`);
console.log(`sessions renewed after a 401: ${renewed}`);
console.log(`responses >= 500: ${failures.length}`);
for (const f of failures.slice(0, 50)) console.log(f);
for (const l of logger.lines.filter((l) => l.level === "error").slice(0, 10)) {
  console.log("logged:", l.msg, JSON.stringify(l.fields).slice(0, 400));
}
if (failures.length) Deno.exit(1);
