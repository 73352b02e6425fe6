/**
 * Plans of the list endpoints at scale: every statement a list request runs,
 * under EXPLAIN (ANALYZE, BUFFERS), median of 5. Shared buffers do not depend on the load of the
 * machine (milliseconds do): they are the figure to compare between runs.
 *
 * Run against a seeded PostgreSQL (`deno task seed-scale --scale 100000` with DATABASE_URL, then
 * `vacuum analyze`):
 *   node_modules/deno/deno run -A bench/lists.ts --database-url postgres://... [--only purchase]
 * `--only` takes purchase, audit, bids, quotations (staff and the vendor's own) or vendors; with
 * `--vendors N` the database first gets N vendors (generate_series, bench/vendors-at-scale.ts): the
 * scale seed makes only the demo's few. (The "before" rows of earlier runs, the statements of commits
 * 9bb3f18 and 6329f8f, were measured by bench/lists-before.ts, last in commit cf0551f.)
 * Prints one markdown row per kind of list request: statements, ms (sum of execution times) and
 * shared buffers (hit + read), and with --plans the plan of each statement.
 */
import { openPostgres } from "../src/db/postgres.ts";
import type { Queryable } from "../src/db/types.ts";
import * as pr from "../src/features/purchase-requests/queries.ts";
import * as audit from "../src/features/audit-logs/queries.ts";
import * as bids from "../src/features/bids/queries.ts";
import * as quotations from "../src/features/quotations/queries.ts";
import * as opportunities from "../src/features/opportunities/queries.ts";
import * as vendors from "../src/features/vendors/queries.ts";
import { decodeKeyset, encodeKeyset } from "../src/db/keyset.ts";
import { BID_GROUPS } from "../src/shared/status/bid-request.ts";
import { addVendors } from "./vendors-at-scale.ts";

const argOf = (name: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const url = argOf("database-url");
if (!url) {
  console.error("Usage: bench/lists.ts --database-url postgres://... [--only <text>] [--plans]");
  Deno.exit(2);
}
const only = argOf("only");
const showPlans = Deno.args.includes("--plans");
const db = openPostgres(url, 2, { statementTimeoutMs: 0 });
const addVendorCount = Number(argOf("vendors") ?? 0);
if (addVendorCount) console.log(`Added ${await addVendors(db, addVendorCount)} vendors`);

interface Measured {
  statements: number;
  ms: number;
  buffers: number;
  plans: string[];
}

type PlanNode = { "Shared Hit Blocks"?: number; "Shared Read Blocks"?: number };

/** A Queryable that runs each statement under EXPLAIN ANALYZE, records its cost, then runs it for its answer. */
function explaining(into: Measured): Queryable {
  return {
    async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      if (/^\s*explain\b/i.test(text)) return await db.query<T>(text, params);
      const [row] = await db.query<{ "QUERY PLAN": unknown }>(
        `explain (analyze, buffers, timing off, format json) ${text}`,
        params,
      );
      const raw = row["QUERY PLAN"];
      const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
        Plan: PlanNode;
        "Execution Time": number;
      }[];
      into.statements++;
      into.ms += plan["Execution Time"];
      into.buffers += (plan.Plan["Shared Hit Blocks"] ?? 0) + (plan.Plan["Shared Read Blocks"] ?? 0);
      if (showPlans) {
        const lines = await db.query<{ "QUERY PLAN": string }>(
          `explain (analyze, buffers, timing off, costs off) ${text}`,
          params,
        );
        into.plans.push(lines.map((r) => r["QUERY PLAN"]).join("\n"));
      }
      // The real answer too, so the caller branches as it would in production (count or not).
      return await db.query<T>(text, params);
    },
    exec: () => Promise.resolve(),
  };
}

async function measure(run: (q: Queryable) => Promise<unknown>) {
  const runs: Measured[] = [];
  for (let i = 0; i < 5; i++) {
    const m: Measured = { statements: 0, ms: 0, buffers: 0, plans: [] };
    await run(explaining(m));
    runs.push(m);
  }
  runs.sort((a, b) => a.ms - b.ms);
  return { ...runs[2], plans: runs[0].plans };
}

const one = <T>(rows: T[]) => rows[0];
const category = one(await db.query<{ id: number }>("select id from categories order by id limit 1 offset 2")).id;
const cursorAt = async (fraction: number) => {
  const [{ c, id }] = await db.query<{ c: string; id: number }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c, id
       from purchase_requests order by created_at desc, id desc offset $1 limit 1`,
    [Math.floor(fraction * 100_000)],
  );
  return { at: c, id };
};
const year = new Date().getUTCFullYear();
const page = { limit: 50, offset: 0 };

const kinds: [string, (q: Queryable) => Promise<unknown>][] = [
  ["purchase: page 1", (q) => pr.listPurchaseRequests(q, page)],
  ["purchase: status=active", (q) => pr.listPurchaseRequests(q, { ...page, status: "active" })],
  [`purchase: categoryId=${category}`, (q) => pr.listPurchaseRequests(q, { ...page, categoryId: category })],
  [
    "purchase: requestType=vendor_quote&status=pending",
    (q) => pr.listPurchaseRequests(q, { ...page, requestType: "vendor_quote", status: "pending" }),
  ],
  ["purchase: offset=5000", (q) => pr.listPurchaseRequests(q, { ...page, offset: 5000 })],
  ["purchase: offset=10000", (q) => pr.listPurchaseRequests(q, { ...page, offset: 10_000 })],
  ["purchase: after= (half way)", async (q) => pr.listPurchaseRequests(q, { ...page, after: await cursorAt(0.5) })],
  [
    "purchase: status=completed&after=",
    async (q) => pr.listPurchaseRequests(q, { ...page, status: "completed", after: await cursorAt(0.5) }),
  ],
  [`purchase: q=PR-${year}-001 (rare)`, (q) => pr.listPurchaseRequests(q, { ...page, q: `PR-${year}-001` })],
  ["purchase: q=restock (common)", (q) => pr.listPurchaseRequests(q, { ...page, q: "restock" })],
  [
    "purchase: q=medical&status=completed",
    (q) => pr.listPurchaseRequests(q, { ...page, q: "medical", status: "completed" }),
  ],
  ["purchase: q=restock&offset=500", (q) => pr.listPurchaseRequests(q, { ...page, q: "restock", offset: 500 })],
  // The audit log (seed with `deno task seed-scale --audit-logs 5000000`).
  ["audit: page 1, range=all", (q) => audit.listAuditLogs(q, { range: "all", ...page })],
  ["audit: range=24h", (q) => audit.listAuditLogs(q, { range: "24h", ...page })],
  ["audit: action=LOGIN", (q) => audit.listAuditLogs(q, { range: "all", action: "LOGIN", ...page })],
  ["audit: userId=1", (q) => audit.listAuditLogs(q, { range: "all", userId: 1, ...page })],
  ["audit: offset=10000", (q) => audit.listAuditLogs(q, { range: "all", ...page, offset: 10_000 })],
  [
    "audit: after= (half way)",
    async (q) => audit.listAuditLogs(q, { range: "all", ...page, after: await auditMiddle() }),
  ],
];

// Bid requests, quotations and vendors (other lists): the middle of each list as a cursor.
const keysetAt = async (sql: string, params: unknown[] = []) => {
  const [row] = await db.query<{ c: string }>(sql, params);
  return row ? decodeKeyset(encodeKeyset(row.c)) : undefined;
};
const CURSOR_OF = (t: string, id: string) =>
  `to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id} as c`;
const bidMiddle = () =>
  keysetAt(
    `select ${CURSOR_OF("created_at", "id")} from bid_requests order by created_at desc, id desc
      offset (select count(*) / 2 from bid_requests) limit 1`,
  );
const quotationMiddle = () =>
  keysetAt(
    `select ${CURSOR_OF("submitted_at", "id")} from quotations where is_current and not sealed
      order by submitted_at desc, id desc offset (select count(*) / 2 from quotations) limit 1`,
  );
const [{ id: busyVendor }] = await db.query<{ id: number }>(
  "select vendor_id as id from quotations where is_current group by 1 order by count(*) desc limit 1",
);
const vendorQuotationMiddle = () =>
  keysetAt(
    `select ${CURSOR_OF("submitted_at", "id")} from quotations where vendor_id = $1 and is_current
      order by submitted_at desc, id desc offset (select count(*) / 2 from quotations where vendor_id = $1) limit 1`,
    [busyVendor],
  );
const [{ id: demoVendor }] = await db.query<{ id: number }>("select id from users where email = 'vendor@example.com'");
const opportunityPage2 = async () =>
  opportunities.decodeOpportunityCursor((await opportunities.matchingPage(db, demoVendor, true, qPage, [])).next!);
const vendorMiddle = () =>
  keysetAt(
    `select ${CURSOR_OF("created_at", "user_id")} from vendor_profiles where status = 'approved'
      order by created_at, user_id offset (select count(*) / 2 from vendor_profiles where status = 'approved') limit 1`,
  );
const [{ bidWithQuotes, prWithQuotes }] = await db.query<{ bidWithQuotes: number; prWithQuotes: number }>(
  `select (select bid_request_id from quotations where bid_request_id is not null group by 1 order by count(*) desc limit 1)
            as "bidWithQuotes",
          (select purchase_request_id from quotations where purchase_request_id is not null group by 1
            order by count(*) desc limit 1) as "prWithQuotes"`,
);
const active = [...BID_GROUPS.active];
const bidPage = { statuses: null, limit: 100, offset: 0 }; // the SPA's tab asks for the default 100
const qPage = { limit: 50, offset: 0 };
const vPage = { status: "pending", limit: 20, offset: 0 }; // the SPA's pager: 20 a page
kinds.push(
  ["bids: page 1 (100 rows)", (q) => bids.listBids(q, bidPage)],
  ["bids: group=active", (q) => bids.listBids(q, { ...bidPage, statuses: active })],
  ["bids: status=draft", (q) => bids.listBids(q, { ...bidPage, statuses: ["draft"] })],
  ["bids: offset=5000", (q) => bids.listBids(q, { ...bidPage, offset: 5000 })],
  ["bids: after= (half way)", async (q) => bids.listBids(q, { ...bidPage, after: await bidMiddle() })],
  ["quotations: page 1", (q) => quotations.listQuotations(q, qPage)],
  ["quotations: status=submitted", (q) => quotations.listQuotations(q, { ...qPage, status: "submitted" })],
  ["quotations: status=approved", (q) => quotations.listQuotations(q, { ...qPage, status: "approved" })],
  [
    `quotations: bidRequestId=${bidWithQuotes}`,
    (q) => quotations.listQuotations(q, { ...qPage, bidRequestId: bidWithQuotes }),
  ],
  [
    `quotations: purchaseRequestId=${prWithQuotes}`,
    (q) => quotations.listQuotations(q, { ...qPage, purchaseRequestId: prWithQuotes }),
  ],
  ["quotations: offset=10000", (q) => quotations.listQuotations(q, { ...qPage, offset: 10_000 })],
  [
    "quotations: after= (half way)",
    async (q) => quotations.listQuotations(q, { ...qPage, after: await quotationMiddle() }),
  ],
  [
    `vendor quotations: page 1 (vendor ${busyVendor})`,
    (q) => opportunities.vendorQuotationPage(q, busyVendor, qPage, []),
  ],
  [
    "vendor quotations: after= (half way)",
    async (q) =>
      opportunities.vendorQuotationPage(q, busyVendor, { ...qPage, after: await vendorQuotationMiddle() }, []),
  ],
  ["opportunities: page 1 (vendor@example.com)", (q) => opportunities.matchingPage(q, demoVendor, true, qPage, [])],
  [
    "opportunities: after= (page 2)",
    async (q) => opportunities.matchingPage(q, demoVendor, true, { ...qPage, after: await opportunityPage2() }, []),
  ],
  [
    "opportunities: kind=bid_request",
    (q) => opportunities.matchingPage(q, demoVendor, true, { ...qPage, kind: "bid_request" }, []),
  ],
  ["opportunities: q=a", (q) => opportunities.matchingPage(q, demoVendor, true, { ...qPage, q: "a" }, [])],
  ["vendors: status=pending page 1", (q) => vendors.listApplications(q, vPage)],
  ["vendors: status=approved page 1", (q) => vendors.listApplications(q, { ...vPage, status: "approved" })],
  [
    "vendors: status=approved&offset=10000",
    (q) => vendors.listApplications(q, { ...vPage, status: "approved", offset: 10_000 }),
  ],
  [
    "vendors: status=approved&after= (half way)",
    async (q) => vendors.listApplications(q, { ...vPage, status: "approved", after: await vendorMiddle() }),
  ],
);

async function auditMiddle() {
  const [{ id }] = await db.query<{ id: number }>("select (max(id) / 2)::int as id from audit_logs");
  return id;
}

console.log(`Load average: ${Deno.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log("| list request | statements | ms (sum) | shared buffers |");
console.log("| --- | --- | --- | --- |");
for (const [name, run] of kinds) {
  if (only && !name.includes(only)) continue;
  const m = await measure(run);
  console.log(`| ${name} | ${m.statements} | ${m.ms.toFixed(1)} | ${m.buffers} |`);
  if (showPlans) { for (const p of m.plans) console.log(`\n${p}\n`); }
}
console.log(`Load average: ${Deno.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
await db.close();
