/**
 * Benchmark data: `seedScale(db, n)` adds n purchase requests with about ten items each, about
 * n/10 bid requests and n/5 quotations with items, on top of the demo organisation (seeded first
 * when the database is empty). Batches of 1,000 requests, one transaction each, written with
 * set-based SQL (unnest of parameter arrays, INSERT ... SELECT), so 100,000 requests take minutes.
 * Content comes from a seeded PRNG; money is computed in integer cents (JS) or numeric (SQL).
 */
import { DEFAULT_APPROVAL_THRESHOLD_CENTS, purchaseRequestApprovals } from "../src/lib/approval-policy.ts";
import type { Logger } from "../src/lib/logger.ts";
import { fromCents } from "../src/shared/money.ts";
import { seedDemo } from "../src/db/seed.ts";
import { CATEGORIES, type CategoryKey, daysFrom, mulberry32, priceCents } from "../src/db/seed-data.ts";
import { CATALOGUE, DEPARTMENTS, documentNumber, takeNumbers } from "./seed-scale-data.ts";
import type { Db, Queryable } from "../src/db/types.ts";

export interface ScaleResult {
  purchaseRequests: number;
  purchaseRequestItems: number;
  bidRequests: number;
  bidRequestItems: number;
  quotations: number;
  quotationItems: number;
  purchaseOrders: number;
  ms: number;
  /** The triggers were skipped and their work done once per batch (see fastPath). */
  fastPath?: boolean;
}

export interface ScaleOptions {
  /** Purchase requests per transaction (default 5,000). */
  batchSize?: number;
  /**
   * Fire every trigger row by row (foreign keys, report rollups, item summaries) instead of the
   * fast path; default: the fast path when the role may use it (superuser), see `fastPath`.
   */
  triggers?: boolean;
  /** PRNG seed (default fixed), so two runs with the same n add the same content. */
  seed?: number;
}

const HOUR = 1 / 24;

type Rand = () => number;
const between = (r: Rand, lo: number, hi: number) => lo + r() * (hi - lo);
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
function weighted<T extends string>(r: Rand, table: readonly (readonly [T, number])[]): T {
  let x = r() * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[table.length - 1][0];
}

const PR_STATUS = [
  ["draft", 5],
  ["pending", 15],
  ["active", 35],
  ["rejected", 8],
  ["completed", 27],
  ["cancelled", 10],
] as const;
const PR_TYPE = [["internal", 40], ["vendor_quote", 40], ["bid_required", 20]] as const;
const PRIORITY = [["low", 25], ["medium", 45], ["high", 22], ["urgent", 8]] as const;
const URGENCY = ["low", "medium", "high", "critical"] as const;
const BID_STATUS = [
  ["draft", 10],
  ["published", 10],
  ["bidding_open", 25],
  ["bidding_closed", 10],
  ["evaluation", 15],
  ["awarded", 20],
  ["cancelled", 10],
] as const;
const METHODS = [["lowest_price", 50], ["technical_merit", 20], ["combined_scoring", 30]] as const;
const TITLE_PATTERNS = [
  "Quarterly restock of",
  "Urgent purchase of",
  "Annual contract for",
  "Replacement of",
  "Additional",
  "Framework order for",
  "New site set-up:",
];
const QUOTE_NOTES = [
  "Prices include delivery.",
  "Delivery in two instalments.",
  "Volume discount applied.",
  "Installation quoted separately.",
  "Stock available for immediate dispatch.",
  "",
];

interface Refs {
  /** Triggers skipped in the seed's own transactions, the work they would do run once per batch. */
  fast: boolean;
  /** sql/0020's item summary on the request row (absent before that migration). */
  itemSummary: boolean;
  creators: number[];
  manager: number;
  finance: number;
  categories: { id: number; name: string; key: CategoryKey }[];
  vendors: { id: number; categoryIds: number[] }[];
}

/**
 * Every trigger on the tables the seed writes that the fast path knows how to stand in for: the
 * report rollups (sql/0012, refreshed by `report_refresh_requests` / `report_refresh_bids`), the
 * item summary (sql/0020, `purchase_request_item_summary_refresh`), and the purchase order status
 * machine (update only; the seed inserts orders). Foreign keys are internal triggers: the seed only
 * writes ids it has just read or inserted, and the seed test checks every reference.
 */
const KNOWN_TRIGGERS = new Set([
  "report_purchase_requests_ins",
  "report_purchase_requests_upd",
  "report_purchase_requests_del",
  "report_pr_events_ins",
  "report_pr_events_upd",
  "report_pr_events_del",
  "report_awards_ins",
  "report_awards_upd",
  "report_awards_del",
  "report_purchase_orders_ins",
  "report_purchase_orders_upd",
  "report_purchase_orders_del",
  "report_quotations_ins",
  "report_quotations_upd",
  "report_quotations_del",
  "report_bid_requests_ins",
  "report_bid_requests_upd",
  "report_bid_requests_del",
  "report_bid_events_ins",
  "report_bid_events_upd",
  "report_bid_events_del",
  "purchase_orders_transition",
  "purchase_request_items_summary_ins",
  "purchase_request_items_summary_upd",
  "purchase_request_items_summary_del",
  "purchase_request_items_summary_truncate",
  "bid_request_items_summary_ins",
  "bid_request_items_summary_upd",
  "bid_request_items_summary_del",
  "bid_request_items_summary_truncate",
  // sql/0025: the quotation's item summary, written by the fast path with the trigger's function
  "quotation_items_summary_ins",
  "quotation_items_summary_upd",
  "quotation_items_summary_del",
  "quotation_items_summary_truncate",
  // sql/0028: a request's live bid flag, refreshed by the fast path for the batch's bids
  "bid_requests_live_bid_ins",
  "bid_requests_live_bid_upd",
  "bid_requests_live_bid_del",
  "bid_requests_live_bid_truncate",
  // sql/0023_kept_counts.sql: refreshed once at the end of the seed (kept_counts_refresh)
  "kept_counts_purchase_requests_ins",
  "kept_counts_purchase_requests_upd",
  "kept_counts_purchase_requests_del",
  "kept_counts_purchase_requests_truncate",
  "kept_counts_bid_requests_ins",
  "kept_counts_bid_requests_upd",
  "kept_counts_bid_requests_del",
  "kept_counts_bid_requests_truncate",
  "kept_counts_quotations_ins",
  "kept_counts_quotations_upd",
  "kept_counts_quotations_del",
  "kept_counts_quotations_truncate",
  // sql/0030: the list's change notifications; one notification at the end of the seed instead
  "purchase_requests_list_changed",
  "purchase_request_items_list_changed",
  "purchase_request_events_list_changed",
  "categories_list_changed",
]);
const SEEDED_TABLES = [
  "purchase_requests",
  "purchase_request_items",
  "purchase_request_events",
  "bid_requests",
  "bid_request_items",
  "quotations",
  "quotation_items",
  "purchase_orders",
  "awards",
  "document_counters",
];

/**
 * The fast path: `session_replication_role = replica` in the seed's own transactions (superuser
 * only; other sessions are untouched, so it is safe on a live database) skips the foreign key
 * checks and the statement triggers; each batch then runs the rollup and summary refreshes once
 * for its rows, where the triggers would run them three times (requests, events, the summary's
 * update of the request). An unknown trigger on a seeded table (a later migration) turns it off.
 */
async function fastPath(db: Db, logger: Logger, wanted: boolean): Promise<boolean> {
  if (!wanted) return false;
  const [{ su }] = await db.query<{ su: string }>("select current_setting('is_superuser') as su");
  if (su !== "on") {
    logger.info("seed --scale: not a superuser, every trigger fires row by row (slower)");
    return false;
  }
  const unknown = (await db.query<{ name: string }>(
    `select t.tgname as name from pg_trigger t where not t.tgisinternal and t.tgrelid = any (
       select c.oid from pg_class c where c.relname = any ($1::text[]) and c.relnamespace = 'public'::regnamespace)`,
    [SEEDED_TABLES],
  )).map((r) => r.name).filter((n) => !KNOWN_TRIGGERS.has(n));
  if (unknown.length) {
    logger.info("seed --scale: unknown triggers, every trigger fires (slower)", { triggers: unknown.join(", ") });
    return false;
  }
  return true;
}

async function loadRefs(db: Db, logger: Logger, opts: ScaleOptions): Promise<Refs> {
  const fast = await fastPath(db, logger, opts.triggers !== true);
  const [{ summary }] = await db.query<{ summary: boolean }>(
    "select to_regproc('purchase_request_item_summary_refresh') is not null as summary",
  );
  const users = await db.query<{ id: number; role: string }>(
    `select u.id, r.name as role from users u join roles r on r.id = u.role_id
     where u.is_active and r.name <> 'vendor' order by u.id`,
  );
  const of = (role: string) => users.filter((u) => u.role === role).map((u) => u.id);
  const staff = users.map((u) => u.id);
  if (!staff.length) throw new Error("seedScale: no active staff user to create the requests");
  const creators = of("purchase_team").length ? of("purchase_team") : staff;
  const cats = await db.query<{ id: number; name: string }>(
    "select id, name from categories where is_active order by id",
  );
  if (!cats.length) throw new Error("seedScale: no active category");
  const vendors = await db.query<{ id: number; category_ids: number[] }>(
    `select vp.user_id as id, coalesce(array_agg(vc.category_id order by vc.category_id)
       filter (where vc.category_id is not null), '{}') as category_ids
     from vendor_profiles vp join users u on u.id = vp.user_id
     left join vendor_categories vc on vc.vendor_id = vp.user_id
     where vp.status = 'approved' and u.is_active group by vp.user_id order by vp.user_id`,
  );
  return {
    fast,
    itemSummary: summary,
    creators,
    manager: of("procurement_manager")[0] ?? staff[0],
    finance: of("cost_finance_controller")[0] ?? staff[0],
    categories: cats.map((c) => ({
      ...c,
      key: CATEGORIES.find((k) => k.name.toLowerCase() === c.name.toLowerCase())?.key ?? "office",
    })),
    vendors: vendors.map((v) => ({ id: v.id, categoryIds: v.category_ids })),
  };
}

/** Document numbers for rows created at `dates` (one counter block per year, in input order). */
async function numbersFor(tx: Queryable, prefix: "PR" | "BR" | "PO", dates: Date[]): Promise<string[]> {
  const byYear = new Map<number, number[]>();
  dates.forEach((d, i) => {
    const y = d.getUTCFullYear();
    byYear.set(y, [...(byYear.get(y) ?? []), i]);
  });
  const out: string[] = new Array(dates.length);
  for (const [year, idx] of [...byYear].sort((a, b) => a[0] - b[0])) {
    const first = await takeNumbers(tx, prefix, year, idx.length);
    idx.forEach((i, k) => (out[i] = documentNumber(prefix, year, first + k)));
  }
  return out;
}

const iso = (d: Date) => d.toISOString();

/** Columns as arrays, for `unnest($1::type[], ...)`. */
function columns<T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]): unknown[][] {
  return keys.map((k) => rows.map((r) => r[k]));
}

/** Pick up to `count` distinct vendors, preferring those that supply the category. */
function vendorsFor(r: Rand, refs: Refs, categoryId: number, count: number): number[] {
  const matching = refs.vendors.filter((v) => v.categoryIds.includes(categoryId));
  const pool = matching.length ? matching : refs.vendors;
  const start = Math.floor(r() * pool.length);
  const out: number[] = [];
  for (let i = 0; i < Math.min(count, pool.length); i++) out.push(pool[(start + i) % pool.length].id);
  return out;
}

export async function seedScale(db: Db, n: number, logger: Logger, opts: ScaleOptions = {}): Promise<ScaleResult> {
  if (!Number.isInteger(n) || n < 1) throw new Error("seedScale: n must be a positive integer");
  const started = performance.now();
  if (await seedDemo(db, logger)) logger.info("seed --scale: the database was empty, demo data seeded first");
  const refs = await loadRefs(db, logger, opts);
  const batchSize = opts.batchSize ?? 5000;
  const rand = mulberry32(opts.seed ?? 0x5ca1e);
  const now = new Date();
  const total: ScaleResult = {
    purchaseRequests: 0,
    purchaseRequestItems: 0,
    bidRequests: 0,
    bidRequestItems: 0,
    quotations: 0,
    quotationItems: 0,
    purchaseOrders: 0,
    ms: 0,
  };
  const times: StepTimes = {};
  let batchMs = 0;
  for (let done = 0, batch = 1; done < n; batch++) {
    const size = Math.min(batchSize, n - done);
    const t0 = performance.now();
    const r = await db.tx((tx) => scaleBatch(tx, refs, rand, now, size, times));
    for (const k of Object.keys(r) as (keyof typeof r)[]) total[k] += r[k];
    done += size;
    logger.info("seed --scale batch", {
      batch,
      purchaseRequests: done,
      of: n,
      items: total.purchaseRequestItems,
      bidRequests: total.bidRequests,
      quotations: total.quotations,
      ms: Math.round(performance.now() - t0),
    });
    batchMs += performance.now() - t0;
  }
  const inSql = Object.values(times).reduce((a, b) => a + b, 0);
  logger.info("seed --scale time per step (ms)", {
    ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)])),
    "javascript and commits": Math.round(batchMs - inSql),
  });
  const [{ kept }] = await db.query<{ kept: boolean }>(
    "select to_regproc('kept_counts_refresh') is not null as kept",
  );
  if (refs.fast && kept) {
    // The kept counts (sql/0023) of every seeded row, which the skipped triggers did not append.
    const t = performance.now();
    await db.query("select kept_counts_refresh()");
    logger.info("seed --scale kept counts", { ms: Math.round(performance.now() - t) });
  }
  // The skipped triggers did not notify either (sql/0030): a running app drops its list answers.
  await db.query("select pg_notify('purchase_request_list', '')");
  // Batches draw their dates over the whole period, so the table's physical order would be random in
  // time; a real table grows in creation order, and its lists (newest first) read few heap pages. Put
  // the rows in that order, then refresh the visibility map (index-only scans) and the statistics.
  let t = performance.now();
  await db.exec("cluster purchase_requests using purchase_requests_created_idx");
  logger.info("seed --scale cluster", { ms: Math.round(performance.now() - t) });
  t = performance.now();
  await db.exec("vacuum analyze purchase_requests");
  logger.info("seed --scale vacuum analyze", { ms: Math.round(performance.now() - t) });
  total.ms = Math.round(performance.now() - started);
  return { ...total, fastPath: refs.fast };
}

/** Time spent per statement (by its first words), summed over the batches: where the seed's time goes. */
export type StepTimes = Record<string, number>;

function timed(tx: Queryable, times: StepTimes): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]) {
      const key = text.trim().split(/\s+/).slice(0, 4).join(" ").replace(/\(.*$/, "");
      const t0 = performance.now();
      try {
        return await tx.query<T>(text, params);
      } finally {
        times[key] = (times[key] ?? 0) + performance.now() - t0;
      }
    },
    exec: (text: string) => tx.exec(text),
  };
}

async function scaleBatch(raw: Queryable, refs: Refs, r: Rand, now: Date, size: number, times: StepTimes = {}) {
  const tx = timed(raw, times);
  // Local to this transaction: see fastPath.
  if (refs.fast) await tx.query("select set_config('session_replication_role', 'replica', true)");
  const at = (days: number) => daysFrom(now, days);
  const after = (d: Date, days: number) => daysFrom(d, days);

  // --- purchase requests, generated in JS ----------------------------------------------------
  type Pr = {
    status: string;
    type: string;
    mode: string;
    category: Refs["categories"][number];
    department: string;
    priority: string;
    createdAt: Date;
    deadline: Date;
    activatedAt?: Date;
    closedAt?: Date;
    budget: number;
    approvals: number;
    creator: number;
    managerFirst: boolean;
    items: { name: string; unit: string; quantity: number; price: string; urgency: string }[];
  };
  const prs: Pr[] = [];
  for (let i = 0; i < size; i++) {
    const status = weighted(r, PR_STATUS);
    const type = weighted(r, PR_TYPE);
    const category = pick(r, refs.categories);
    const catalogue = CATALOGUE[category.key];
    const items: Pr["items"] = [];
    let budget = 0;
    for (let k = int(r, 6, 14); k > 0; k--) {
      const [name, unit, price] = pick(r, catalogue);
      const quantity = r() < 0.6 ? int(r, 1, 10) : int(r, 11, 120);
      budget += quantity * priceCents(price);
      items.push({ name, unit, quantity, price, urgency: pick(r, URGENCY) });
    }
    let createdAt: Date, deadline: Date, activatedAt: Date | undefined, closedAt: Date | undefined;
    if (status === "draft" || status === "pending") {
      createdAt = at(-between(r, 0.1, 20));
      deadline = at(between(r, 5, 30));
    } else if (status === "active") {
      createdAt = at(-between(r, 2, 40));
      activatedAt = after(createdAt, between(r, 0.2, 1.5));
      deadline = at(between(r, 2, 30));
    } else if (status === "completed") {
      const age = between(r, 20, 540);
      createdAt = at(-age);
      activatedAt = after(createdAt, between(r, 0.5, 3));
      closedAt = after(activatedAt, between(r, 5, age - 4));
      deadline = after(closedAt, -1);
    } else {
      const age = between(r, 3, 540);
      createdAt = at(-age);
      closedAt = after(createdAt, between(r, 0.5, Math.min(age - 0.5, 10)));
      deadline = after(createdAt, between(r, 14, 30));
    }
    // Purchase requests are never sealed (docs/decisions/005); the draw that chose it is kept so the
    // generated data stays the same for the same seed.
    if (type === "bid_required" && status !== "active") r();
    prs.push({
      status,
      type,
      mode: "open",
      category,
      department: pick(r, DEPARTMENTS),
      priority: weighted(r, PRIORITY),
      createdAt,
      deadline,
      activatedAt,
      closedAt,
      budget,
      approvals: purchaseRequestApprovals(budget, DEFAULT_APPROVAL_THRESHOLD_CENTS),
      creator: pick(r, refs.creators),
      managerFirst: r() < 0.5,
      items,
    });
  }
  prs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const prNumbers = await numbersFor(tx, "PR", prs.map((p) => p.createdAt));
  const prRows = prs.map((p, i) => {
    const title = `${pick(r, TITLE_PATTERNS)} ${p.category.name.toLowerCase()}`;
    const rejectedBy = p.status === "rejected" ? (p.approvals === 2 && p.managerFirst ? "finance" : "manager") : "";
    return {
      number: prNumbers[i],
      title,
      description: `${title} for the ${p.department} department.`,
      department: p.department,
      justification: "Operational need confirmed by the department head.",
      priority: p.priority,
      type: p.type,
      status: p.status,
      mode: p.mode,
      category: p.category.id,
      deadline: iso(p.deadline),
      budget: fromCents(p.budget),
      approvals: p.approvals,
      rejection: rejectedBy ? "Budget not available this quarter." : "",
      creator: p.creator,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.closedAt ?? p.activatedAt ?? p.createdAt),
      rejectedBy,
    };
  });
  const prCols = columns(prRows, [
    "number",
    "title",
    "description",
    "department",
    "justification",
    "priority",
    "type",
    "status",
    "mode",
    "category",
    "deadline",
    "budget",
    "approvals",
    "rejection",
    "creator",
    "createdAt",
    "updatedAt",
  ]);
  const prValues = `from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::int[], $11::timestamptz[], $12::numeric[], $13::int[], $14::text[], $15::int[],
       $16::timestamptz[], $17::timestamptz[], $18::int[])
       as t(number, title, description, department, justification, priority, type, status, mode, category, deadline,
         budget, approvals, rejection, creator, created_at, updated_at, id)`;
  const itemRowsOf = (prIds: number[]) =>
    prs.flatMap((p, i) =>
      p.items.map((it, k) => ({
        pr: prIds[i],
        position: k,
        name: it.name,
        quantity: it.quantity,
        unit: it.unit,
        price: it.price,
        category: p.category.id,
        urgency: it.urgency,
      }))
    );
  // Items: one statement for the whole batch.
  const insertItems = (rows: ReturnType<typeof itemRowsOf>) =>
    tx.query(
      `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, estimated_price,
         category_id, urgency)
       select * from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::numeric[], $7::int[],
         $8::text[])`,
      columns(rows, ["pr", "position", "name", "quantity", "unit", "price", "category", "urgency"]),
    );
  let prIds: number[];
  let itemRows: ReturnType<typeof itemRowsOf>;
  if (refs.fast && refs.itemSummary) {
    // The request row carries its item summary (sql/0020). Through its trigger every request would
    // be written twice (insert, then the summary's update: a new version in every index, 55 s of
    // the 100,000 seed); here the ids come first, then the items (no foreign key check on this
    // path), then each request with its summary, computed as purchase_request_item_summary_refresh
    // computes it (the seed test checks that a refresh afterwards changes nothing).
    prIds = (await tx.query<{ id: number }>(
      `select nextval(pg_get_serial_sequence('purchase_requests', 'id'))::int as id
         from generate_series(1, $1::int) order by 1`,
      [prs.length],
    )).map((x) => x.id);
    itemRows = itemRowsOf(prIds);
    await insertItems(itemRows);
    await tx.query(
      `insert into purchase_requests (id, request_number, title, description, department, justification, priority,
         request_type, status, bidding_mode, category_id, deadline, estimated_budget, approvals_required,
         rejection_reason, created_by, created_at, updated_at, item_count, item_summary)
       select id, number, title, description, department, justification, priority, type, status, mode, category,
         deadline, budget, approvals, nullif(rejection, ''), creator, created_at, updated_at,
         (select count(*)::int from purchase_request_items i where i.purchase_request_id = t.id),
         coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'quantity', s.quantity,
                            'unit', s.unit, 'estimatedPrice', s.estimated_price::text) order by s.position, s.id)
                     from (select i.id, i.name, i.quantity, i.unit, i.estimated_price, i.position
                             from purchase_request_items i where i.purchase_request_id = t.id
                            order by i.position, i.id limit 3) s), '[]'::json)
       ${prValues}`,
      [...prCols, prIds],
    );
  } else {
    const inserted = await tx.query<{ id: number; request_number: string }>(
      `insert into purchase_requests (request_number, title, description, department, justification, priority,
         request_type, status, bidding_mode, category_id, deadline, estimated_budget, approvals_required,
         rejection_reason, created_by, created_at, updated_at)
       select number, title, description, department, justification, priority, type, status, mode, category,
         deadline, budget, approvals, nullif(rejection, ''), creator, created_at, updated_at
       ${prValues}
       returning id, request_number`,
      [...prCols, prRows.map(() => null)],
    );
    const idOf = new Map(inserted.map((x) => [x.request_number, x.id]));
    prIds = prRows.map((p) => idOf.get(p.number)!);
    itemRows = itemRowsOf(prIds);
    await insertItems(itemRows);
  }

  // History events.
  type Ev = { pr: number; actor: number; action: string; stage: string; from: string; to: string; at: string };
  const events: Ev[] = [];
  prs.forEach((p, i) => {
    const pr = prIds[i];
    const ev = (actor: number, action: string, d: Date, stage = "", from = "", to = "") =>
      events.push({ pr, actor, action, stage, from, to, at: iso(d) });
    ev(p.creator, "created", p.createdAt, "", "", p.status === "draft" ? "draft" : "pending");
    if (p.activatedAt) {
      // As the approval endpoint writes them: the last approval moves the request to active.
      if (p.approvals === 2) ev(refs.manager, "approved", after(p.activatedAt, -HOUR), "manager", "pending", "pending");
      const stage = p.approvals === 2 ? "finance" : "manager";
      ev(stage === "finance" ? refs.finance : refs.manager, "approved", p.activatedAt, stage, "pending", "active");
    }
    if (p.status === "completed") ev(p.creator, "status_changed", p.closedAt!, "", "active", "completed");
    if (p.status === "cancelled") ev(p.creator, "status_changed", p.closedAt!, "", "pending", "cancelled");
    if (p.status === "rejected") {
      const stage = prRows[i].rejectedBy;
      if (stage === "finance") ev(refs.manager, "approved", after(p.closedAt!, -HOUR), "manager", "pending", "pending");
      ev(stage === "finance" ? refs.finance : refs.manager, "rejected", p.closedAt!, stage, "pending", "rejected");
    }
  });
  await tx.query(
    `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status,
       comment, created_at)
     select pr, actor, action, nullif(stage, ''), nullif(from_s, ''), nullif(to_s, ''),
       case when action = 'rejected' then 'Budget not available this quarter.' else '' end, at
     from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
       as t(pr, actor, action, stage, from_s, to_s, at)`,
    columns(events, ["pr", "actor", "action", "stage", "from", "to", "at"]),
  );

  // --- bid requests --------------------------------------------------------------------------
  type Bid = {
    status: string;
    mode: string;
    category: Refs["categories"][number];
    department: string;
    createdAt: Date;
    start: Date | null;
    biddingDeadline: Date;
    deadline: Date;
    awardedAt?: Date;
    method: string;
    bond: number;
    budget: number;
    items: { name: string; unit: string; quantity: number; price: string }[];
  };
  const bids: Bid[] = [];
  for (let i = 0, count = Math.max(1, Math.round(size / 10)); i < count; i++) {
    const status = weighted(r, BID_STATUS);
    const category = pick(r, refs.categories);
    let createdAt: Date, start: Date | null, biddingDeadline: Date, awardedAt: Date | undefined;
    if (status === "draft") {
      createdAt = at(-between(r, 0.1, 10));
      start = null;
      biddingDeadline = at(between(r, 7, 20));
    } else if (status === "published") {
      createdAt = at(-between(r, 0.5, 5));
      start = at(between(r, 1, 5));
      biddingDeadline = after(start, between(r, 7, 21));
    } else if (status === "bidding_open") {
      createdAt = at(-between(r, 3, 20));
      start = after(createdAt, between(r, 0.5, 2));
      biddingDeadline = at(between(r, 1, 20));
    } else if (status === "bidding_closed" || status === "evaluation") {
      createdAt = at(-between(r, 15, 60));
      start = after(createdAt, between(r, 0.5, 2));
      biddingDeadline = at(-between(r, 0.5, 10));
    } else {
      const age = between(r, 45, 540);
      createdAt = at(-age);
      start = after(createdAt, between(r, 0.5, 2));
      biddingDeadline = after(start, between(r, 14, 30));
      if (status === "awarded") awardedAt = after(biddingDeadline, between(r, 3, 10));
    }
    const items: Bid["items"] = [];
    let budget = 0;
    for (let k = int(r, 6, 10); k > 0; k--) {
      const [name, unit, price] = pick(r, CATALOGUE[category.key]);
      const quantity = int(r, 5, 200);
      budget += quantity * priceCents(price);
      items.push({ name, unit, quantity, price });
    }
    const noQuotes = ["draft", "published", "bidding_open", "cancelled"].includes(status);
    bids.push({
      status,
      // Sealed bids only where they hold no quotation yet (sealed payloads are not generated here).
      mode: noQuotes && r() < 0.3 ? "sealed" : "open",
      category,
      department: pick(r, DEPARTMENTS),
      createdAt,
      start,
      biddingDeadline,
      deadline: after(awardedAt ?? biddingDeadline, between(r, 7, 30)),
      awardedAt,
      method: weighted(r, METHODS),
      bond: r() < 0.2 ? Math.max(10_000, Math.round(budget / 5000) * 100) : 0,
      budget,
      items,
    });
  }
  bids.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const bidNumbers = await numbersFor(tx, "BR", bids.map((b) => b.createdAt));
  const bidRows = bids.map((b, i) => {
    const title = `${pick(r, TITLE_PATTERNS)} ${b.category.name.toLowerCase()}`;
    return {
      number: bidNumbers[i],
      title,
      description: `${title}: supply and delivery for the ${b.department} department.`,
      department: b.department,
      category: b.category.id,
      deadline: iso(b.deadline),
      start: b.start ? iso(b.start) : null,
      biddingDeadline: iso(b.biddingDeadline),
      mode: b.mode,
      status: b.status,
      budget: fromCents(b.budget),
      criteria: `Registered supplier with at least ${2 + (i % 4)} years of experience in the category.`,
      method: b.method,
      priceWeight: b.method === "technical_merit" ? 30 : 60,
      bond: fromCents(b.bond),
      years: 2 + (i % 4),
      creator: pick(r, refs.creators),
      createdAt: iso(b.createdAt),
      updatedAt: iso(b.awardedAt ?? b.createdAt),
    };
  });
  const insertedBids = await tx.query<{ id: number; bid_number: string }>(
    `insert into bid_requests (bid_number, title, description, department, category_id, deadline, bidding_start_at,
       bidding_deadline, bidding_mode, status, estimated_budget, qualification_criteria, evaluation_method,
       price_weight, technical_weight, bond_required, bond_amount, minimum_years_experience, created_by, created_at,
       updated_at)
     select number, title, description, department, category, deadline, start, bidding_deadline, mode, status,
       budget, criteria, method, price_weight, 100 - price_weight, bond > 0, bond, years, creator, created_at,
       updated_at
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::timestamptz[],
       $8::timestamptz[], $9::text[], $10::text[], $11::numeric[], $12::text[], $13::text[], $14::int[],
       $15::numeric[], $16::int[], $17::int[], $18::timestamptz[], $19::timestamptz[])
       as t(number, title, description, department, category, deadline, start, bidding_deadline, mode, status,
         budget, criteria, method, price_weight, bond, years, creator, created_at, updated_at)
     returning id, bid_number`,
    columns(bidRows, [
      "number",
      "title",
      "description",
      "department",
      "category",
      "deadline",
      "start",
      "biddingDeadline",
      "mode",
      "status",
      "budget",
      "criteria",
      "method",
      "priceWeight",
      "bond",
      "years",
      "creator",
      "createdAt",
      "updatedAt",
    ]),
  );
  const bidIdOf = new Map(insertedBids.map((x) => [x.bid_number, x.id]));
  const bidIds = bidRows.map((b) => bidIdOf.get(b.number)!);
  const bidItemRows = bids.flatMap((b, i) =>
    b.items.map((it, k) => ({
      bid: bidIds[i],
      position: k,
      name: it.name,
      quantity: it.quantity,
      unit: it.unit,
      price: it.price,
      category: b.category.id,
    }))
  );
  await tx.query(
    `insert into bid_request_items (bid_request_id, position, name, quantity, unit, estimated_price, category_id)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::numeric[], $7::int[])`,
    columns(bidItemRows, ["bid", "position", "name", "quantity", "unit", "price", "category"]),
  );
  const [{ bidSummary }] = await tx.query<{ bidSummary: boolean }>(
    `select to_regproc('bid_request_item_summary_refresh') is not null as "bidSummary"`,
  );
  if (refs.fast && bidSummary) {
    // The bid's item summary (sql/0022), which its trigger would write: the trigger's own function,
    // once for the batch's bids (the seed test checks that a refresh afterwards changes nothing).
    await tx.query("select bid_request_item_summary_refresh($1::int[])", [bidIds]);
  }
  const [{ liveBid }] = await tx.query<{ liveBid: boolean }>(
    `select to_regproc('purchase_request_live_bid_refresh') is not null as "liveBid"`,
  );
  if (refs.fast && liveBid) {
    // The requests' live bid flag (sql/0028), which the bids' trigger would set: its own function for
    // the requests the batch's bids were made from (the scale seed makes its bids from none today).
    await tx.query(
      `select purchase_request_live_bid_refresh(array(select purchase_request_id from bid_requests
         where id = any ($1::int[]) and purchase_request_id is not null))`,
      [bidIds],
    );
  }

  // --- quotations ----------------------------------------------------------------------------
  type Quote = {
    vendor: number;
    target: number;
    status: string;
    validity: number;
    lead: number;
    notes: string;
    submitted: string;
    updated: string;
  };
  const prQuotes: Quote[] = [];
  const bidQuotes: Quote[] = [];
  const validity = () => pick(r, [14, 30, 30, 30, 45, 60, 90]);
  if (refs.vendors.length) {
    // About 0.15 per request on active requests open to vendors, spread round-robin.
    const eligible = prs.map((p, i) => ({ p, i })).filter(({ p }) =>
      p.status === "active" && p.type !== "internal" && p.mode === "open"
    );
    const want = eligible.map(({ p }) => vendorsFor(r, refs, p.category.id, 4));
    let target = Math.round(size * 0.15);
    for (let round = 0; target > 0 && eligible.length; round++) {
      let added = 0;
      for (let e = 0; e < eligible.length && target > 0; e++) {
        const vendor = want[e][round];
        if (vendor === undefined) continue;
        const { p, i } = eligible[e];
        const submitted = new Date(between(r, p.activatedAt!.getTime(), now.getTime()));
        const status = r() < 0.6 ? "submitted" : "under_review";
        prQuotes.push({
          vendor,
          target: prIds[i],
          status,
          validity: validity(),
          lead: int(r, 1, 45),
          notes: pick(r, QUOTE_NOTES),
          submitted: iso(submitted),
          updated: iso(status === "submitted" ? submitted : new Date(between(r, submitted.getTime(), now.getTime()))),
        });
        target--;
        added++;
      }
      if (!added) break;
    }
    // Open bids past publication: one quotation each, two or three for awarded ones (the cheapest wins).
    bids.forEach((b, i) => {
      if (b.mode !== "open" || !["bidding_open", "bidding_closed", "evaluation", "awarded"].includes(b.status)) {
        return;
      }
      const count = b.status === "awarded" ? int(r, 2, 3) : b.status === "bidding_open" ? int(r, 0, 1) : 1;
      const until = Math.min(b.biddingDeadline.getTime(), now.getTime());
      for (const vendor of vendorsFor(r, refs, b.category.id, count)) {
        const submitted = new Date(between(r, b.start!.getTime(), until));
        bidQuotes.push({
          vendor,
          target: bidIds[i],
          status: b.status === "evaluation" ? "under_review" : "submitted",
          validity: validity(),
          lead: int(r, 3, 60),
          notes: pick(r, QUOTE_NOTES),
          submitted: iso(submitted),
          updated: iso(b.awardedAt ?? (b.status === "evaluation" ? b.biddingDeadline : submitted)),
        });
      }
    });
  }
  const quoteCols = ["vendor", "target", "status", "validity", "lead", "notes", "submitted", "updated"] as const;
  const insertQuotes = async (list: Quote[], column: "purchase_request_id" | "bid_request_id") => {
    if (!list.length) return [] as number[];
    const rows = await tx.query<{ id: number }>(
      `insert into quotations (vendor_id, ${column}, status, total_amount, validity_days, valid_until,
         lead_time_days, notes, submitted_at, updated_at)
       select vendor, target, status, 0, validity, submitted + make_interval(days => validity), lead,
         nullif(notes, ''), submitted, updated
       from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[], $7::timestamptz[],
         $8::timestamptz[]) as t(vendor, target, status, validity, lead, notes, submitted, updated)
       returning id`,
      columns(list, [...quoteCols]),
    );
    return rows.map((x) => x.id);
  };
  const prQuoteIds = await insertQuotes(prQuotes, "purchase_request_id");
  const bidQuoteIds = await insertQuotes(bidQuotes, "bid_request_id");
  const quoteIds = [...prQuoteIds, ...bidQuoteIds];

  // Lines priced 85% to 115% of the estimate (deterministic from the ids), in numeric: exact.
  const price =
    "greatest(0.01, round(i.estimated_price * (0.85 + ((q.id::bigint * 7919 + i.id::bigint * 104729) % 301) / 1000.0), 2))";
  const [{ count: quoteItemCount }] = await tx.query<{ count: number }>(
    `with ins as (
       insert into quotation_items (quotation_id, purchase_request_item_id, bid_request_item_id, name, quantity, unit,
         unit_price, total_price)
       select q.id, i.id, null::int, i.name, i.quantity, i.unit, p.price, p.price * i.quantity
       from quotations q join purchase_request_items i on i.purchase_request_id = q.purchase_request_id
       cross join lateral (select ${price} as price) p
       where q.id = any($1::int[])
       union all
       select q.id, null::int, i.id, i.name, i.quantity, i.unit, p.price, p.price * i.quantity
       from quotations q join bid_request_items i on i.bid_request_id = q.bid_request_id
       cross join lateral (select ${price} as price) p
       where q.id = any($2::int[])
       returning 1)
     select count(*)::int as count from ins`,
    [prQuoteIds, bidQuoteIds],
  );
  await tx.query(
    `update quotations q set total_amount = s.total
     from (select quotation_id, sum(total_price) as total from quotation_items
           where quotation_id = any($1::int[]) group by quotation_id) s
     where q.id = s.quotation_id`,
    [quoteIds],
  );
  const [{ quoteSummary }] = await tx.query<{ quoteSummary: boolean }>(
    `select to_regproc('quotation_item_summary_refresh') is not null as "quoteSummary"`,
  );
  if (refs.fast && quoteSummary) {
    // The quotation's item summary (sql/0025), which its trigger would write: the trigger's own
    // function, once for the batch's quotations (the seed test checks a refresh changes nothing).
    await tx.query("select quotation_item_summary_refresh($1::int[])", [quoteIds]);
  }

  // Awards: the cheapest current quotation of each awarded bid is approved and gets a purchase order.
  const awarded = bids.map((b, i) => ({ b, id: bidIds[i] })).filter(({ b }) => b.status === "awarded");
  let orders = 0;
  if (awarded.length && bidQuoteIds.length) {
    type Ranked = { id: number; bid_request_id: number; vendor_id: number; total_amount: string; rn: string };
    const ranked = await tx.query<Ranked>(
      `with ranked as (
         select id, row_number() over (partition by bid_request_id order by total_amount, id) as rn
         from quotations where bid_request_id = any($1::int[]) and is_current)
       update quotations q
       set status = case when r.rn = 1 then 'approved' else 'rejected' end,
         review_comment = case when r.rn = 1 then 'Lowest compliant offer. Awarded.'
           else 'Higher total price than the awarded offer.' end
       from ranked r where q.id = r.id
       returning q.id, q.bid_request_id, q.vendor_id, q.total_amount, r.rn::text as rn`,
      [awarded.map((a) => a.id)],
    );
    const decided = ranked.filter((x) => x.rn === "1");
    decided.sort((a, b) => a.bid_request_id - b.bid_request_id);
    const awardAt = new Map(awarded.map((a) => [a.id, a.b.awardedAt!]));
    const dates = decided.map((w) => awardAt.get(w.bid_request_id)!);
    const poNumbers = await numbersFor(tx, "PO", dates);
    const poRows = decided.map((w, k) => ({
      number: poNumbers[k],
      quotation: w.id,
      vendor: w.vendor_id,
      bid: w.bid_request_id,
      total: w.total_amount,
      creator: refs.manager,
      createdAt: iso(dates[k]),
    }));
    if (poRows.length) {
      await tx.query(
        `insert into purchase_orders (po_number, quotation_id, vendor_id, bid_request_id, total_amount, created_by,
           created_at)
         select * from unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::numeric[], $6::int[],
           $7::timestamptz[])`,
        columns(poRows, ["number", "quotation", "vendor", "bid", "total", "creator", "createdAt"]),
      );
      // Each order's award (sql/0006), as the award route writes it: reports read spend from awards.
      await tx.query(
        `insert into awards (bid_request_id, purchase_order_id, quotation_id, awarded_by, created_at)
         select po.bid_request_id, po.id, po.quotation_id, po.created_by, po.created_at
           from purchase_orders po where po.po_number = any($1::text[])`,
        [poRows.map((r) => r.number)],
      );
    }
    orders = poRows.length;
  }

  if (refs.fast) {
    // What the skipped triggers would have done, once per batch (after every write of the batch).
    await tx.query("select report_refresh_requests($1::int[])", [prIds]);
    await tx.query("select report_refresh_bids($1::int[])", [bidIds]);
  }

  return {
    purchaseRequests: prs.length,
    purchaseRequestItems: itemRows.length,
    bidRequests: bids.length,
    bidRequestItems: bidItemRows.length,
    quotations: quoteIds.length,
    quotationItems: quoteItemCount,
    purchaseOrders: orders,
    ms: 0,
  };
}

const AUDIT_ACTIONS = ["LOGIN", "LOGOUT", "CREATE", "UPDATE", "STATUS_CHANGE", "APPROVE", "LOGIN_FAILED", "EXPORT"];

/**
 * `deno task seed-scale --audit-logs N` (benchmarks of the audit log list at 5,000,000 entries): N entries
 * spread evenly over the past year (the oldest first, so id order is time order and the range
 * filters select a realistic share), in transactions of `batchSize`.
 *
 * The hash chain stays valid: with a superuser, each transaction takes the chain's advisory lock
 * (the one the insert trigger takes: live writers wait, then chain onto the seed's last entry),
 * reads the last hash, computes each entry's hash in order with the trigger's own function
 * `audit_row_hash` in a PL/pgSQL loop, and inserts them with ids from the table's sequence in one
 * statement, with `session_replication_role = replica` for that transaction only, so the row
 * trigger (which would re-read the last hash per row and stamp the clock) does not run. Without a
 * superuser every entry goes through the trigger (about 50 times slower), stamped with the clock.
 * `deno task audit:verify` checks the result.
 */
export async function seedAuditLogs(db: Db, n: number, logger: Logger, batchSize = 200_000) {
  if (!Number.isInteger(n) || n < 1) throw new Error("seedAuditLogs: n must be a positive integer");
  const started = performance.now();
  const users = (await db.query<{ id: number }>("select id from users order by id")).map((r) => r.id);
  const [{ su }] = await db.query<{ su: string }>("select current_setting('is_superuser') as su");
  const fast = su === "on";
  if (!fast) logger.info("seed --audit-logs: not a superuser, every entry goes through the chain trigger (slow)");
  const end = new Date();
  for (let done = 0; done < n;) {
    const size = Math.min(fast ? batchSize : done === 0 ? 1000 : batchSize, n - done);
    if (fast) {
      await db.tx(async (tx) => {
        await tx.query("select set_config('session_replication_role', 'replica', true)");
        await tx.query(AUDIT_SEED_FUNCTION);
        await tx.query(
          "select pg_temp.seed_audit_logs($1::int[], $2::text[], $3::int, $4::int, $5::int, $6::timestamptz)",
          [
            users,
            AUDIT_ACTIONS,
            done + 1,
            done + size,
            n,
            end.toISOString(),
          ],
        );
      });
    } else {
      // The chain trigger reads the last hash with `order by id desc limit 1`, a plan kept per
      // session: planned on a near-empty table it is a scan of the whole table per row. A small first
      // batch, then statistics before each batch, keep it an index lookup.
      await db.exec("analyze audit_logs");
      await db.tx((tx) =>
        tx.query(
          `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent)
           select ($1::int[])[1 + g % cardinality($1::int[])], ($2::text[])[1 + (g / 7) % cardinality($2::text[])],
                  'purchase_request', (g % 100000)::text, jsonb_build_object('n', g), '127.0.0.1', 'seed'
             from generate_series($3::int, $4::int) g`,
          [users, AUDIT_ACTIONS, done + 1, done + size],
        )
      );
    }
    done += size;
    logger.info("seed --audit-logs batch", { done, of: n, ms: Math.round(performance.now() - started) });
  }
  await db.exec("vacuum analyze audit_logs");
  return { auditLogs: n, ms: Math.round(performance.now() - started) };
}

/**
 * Entries first..last of total, the last one at `end_at`, one a year / total apart; see seedAuditLogs.
 * A temporary function (this session only): the loop keeps the previous hash in a variable.
 */
const AUDIT_SEED_FUNCTION = `
create or replace function pg_temp.seed_audit_logs(users int[], actions text[], first_g int, last_g int, total int,
  end_at timestamptz) returns void language plpgsql as $f$
declare
  r audit_logs;
  prev text;
  step interval := interval '365 days' / greatest(total, 1);
  ids bigint[] := '{}';
  uids int[] := '{}';
  acts text[] := '{}';
  eids text[] := '{}';
  metas jsonb[] := '{}';
  ats timestamptz[] := '{}';
  prevs text[] := '{}';
  hashes text[] := '{}';
begin
  perform pg_advisory_xact_lock(727100002);
  select a.hash into prev from audit_logs a order by a.id desc limit 1;
  prev := coalesce(prev, '');
  r.entity_type := 'purchase_request';
  r.ip := '127.0.0.1';
  r.user_agent := 'seed';
  for g in first_g..last_g loop
    r.id := nextval(pg_get_serial_sequence('audit_logs', 'id'));
    r.user_id := users[1 + g % cardinality(users)];
    r.action := actions[1 + (g / 7) % cardinality(actions)];
    r.entity_id := (g % 100000)::text;
    r.metadata := jsonb_build_object('n', g);
    r.created_at := end_at - step * (total - g);
    r.prev_hash := prev;
    r.hash := audit_row_hash(prev, r);
    prev := r.hash;
    ids := array_append(ids, r.id);
    uids := array_append(uids, r.user_id);
    acts := array_append(acts, r.action);
    eids := array_append(eids, r.entity_id);
    metas := array_append(metas, r.metadata);
    ats := array_append(ats, r.created_at);
    prevs := array_append(prevs, r.prev_hash);
    hashes := array_append(hashes, r.hash);
  end loop;
  insert into audit_logs (id, user_id, action, entity_type, entity_id, metadata, ip, user_agent, created_at,
      prev_hash, hash)
  select t.id, t.user_id, t.action, 'purchase_request', t.entity_id, t.metadata, '127.0.0.1', 'seed', t.created_at,
         t.prev_hash, t.hash
    from unnest(ids, uids, acts, eids, metas, ats, prevs, hashes)
      as t(id, user_id, action, entity_id, metadata, created_at, prev_hash, hash)
   order by t.id;
end
$f$`;
