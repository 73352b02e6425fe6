/**
 * The report queries. Every figure is computed here, in SQL, from live rows: money stays
 * numeric and leaves as text, durations are days (percentile_cont in SQL), percentages are rounded
 * to two decimals in SQL.
 *
 * Every query takes the same six parameters (see `params`): $1 from, $2 to (calendar days, both
 * included), $3 category id, $4 department, $5 status, $6 the organisation's time zone.
 *
 * Sealed bids: a quotation that is still sealed has no amount in the database (only an encrypted
 * payload), and no query here reads `sealed_payload`; where vendors or amounts are reported, still
 * sealed quotations (`q.sealed`) are left out, so the reports never say who bid on a sealed bid
 * before it is unsealed. Only counts per bid include them.
 */
import { batches } from "../../db/batches.ts";
import type { Queryable } from "../../db/types.ts";

export interface Filter {
  from: string | null;
  to: string | null;
  categoryId: number | null;
  department: string | null;
  status: string | null;
  timeZone: string;
}

const params = (f: Filter) => [f.from, f.to, f.categoryId, f.department, f.status, f.timeZone];

/** `col` inside the date range: from the start of `from` to the end of `to`, in the organisation's zone. */
const inRange = (col: string) =>
  `($1::date is null or ${col} >= ($1::date)::timestamp at time zone $6::text)
   and ($2::date is null or ${col} < ($2::date + 1)::timestamp at time zone $6::text)`;

const dims = (category: string, department: string, status: string) =>
  `($3::int is null or ${category} = $3::int)
   and ($4::text is null or lower(${department}) = lower($4::text))
   and ($5::text is null or ${status} = $5::text)`;

const days = (a: string, b: string) => `extract(epoch from (${b} - ${a})) / 86400.0`;
/** Median and 90th percentile in one sort: an array [p50, p90]; read it with `quantile`. */
const quantiles = (expr: string) => `percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${expr})`;
const quantile = (col: string, i: 1 | 2) => `round((${col})[${i}]::numeric, 2)::float8`;
const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

// ---------------------------------------------------------------------------------------------
// spend and savings: one row per award (one award per need), amount from its issued purchase order

const AWARDS = `select a.id, a.created_at as awarded_at, po.total_amount as amount, po.currency, po.vendor_id,
    po.po_number, coalesce(b.category_id, pr.category_id) as category_id,
    coalesce(b.department, nullif(pr.department, ''), '') as department,
    coalesce(b.status, pr.status) as status,
    case when b.id is not null then b.estimated_budget else pr.estimated_budget end as estimated,
    case when b.id is not null then 'bid_request' else 'purchase_request' end as kind,
    coalesce(b.id, pr.id) as request_id, coalesce(b.bid_number, pr.request_number) as number,
    coalesce(b.title, pr.title) as title
  from awards a
  join purchase_orders po on po.id = a.purchase_order_id and po.status not in ('cancelled', 'declined')
  left join bid_requests b on b.id = a.bid_request_id
  left join purchase_requests pr on pr.id = a.purchase_request_id
  where ${inRange("a.created_at")}
    and ${
  dims(
    "coalesce(b.category_id, pr.category_id)",
    "coalesce(b.department, pr.department)",
    "coalesce(b.status, pr.status)",
  )
}`;

export interface Amount {
  amount: string;
  awards: number;
}

export async function spend(db: Queryable, f: Filter) {
  const p = params(f);
  const [byMonth, byCategory, byDepartment, byVendor, totals] = await Promise.all([
    db.query<Amount & { month: string }>(
      `with w as (${AWARDS})
       select to_char(date_trunc('month', awarded_at at time zone $6::text), 'YYYY-MM') as month,
              sum(amount)::text as amount, count(*)::int as awards
         from w group by 1 order by 1`,
      p,
    ),
    db.query<Amount & { categoryId: number | null; name: string | null }>(
      `with w as (${AWARDS})
       select w.category_id as "categoryId", c.name, sum(w.amount)::text as amount, count(*)::int as awards
         from w left join categories c on c.id = w.category_id
        group by w.category_id, c.name order by sum(w.amount) desc, c.name nulls last`,
      p,
    ),
    db.query<Amount & { department: string }>(
      `with w as (${AWARDS})
       select department, sum(amount)::text as amount, count(*)::int as awards
         from w group by department order by sum(amount) desc, department`,
      p,
    ),
    // The ten largest vendors by amount, the rest summed in one row with vendorId null.
    db.query<Amount & { vendorId: number | null; name: string | null; vendors: number }>(
      `with w as (${AWARDS}),
       v as (select vendor_id, sum(amount) as amount, count(*) as awards,
                    row_number() over (order by sum(amount) desc, vendor_id) <= 10 as top
               from w group by vendor_id)
       select case when v.top then v.vendor_id end as "vendorId",
              case when v.top then vp.company_name end as name,
              sum(v.amount)::text as amount, sum(v.awards)::int as awards, count(*)::int as vendors
         from v left join vendor_profiles vp on vp.user_id = v.vendor_id
        group by v.top, 1, 2 order by v.top desc, sum(v.amount) desc`,
      p,
    ),
    db.query<{ amount: string; awards: number; currencies: string[] }>(
      `with w as (${AWARDS})
       select coalesce(sum(amount), 0)::text as amount, count(*)::int as awards,
              coalesce(array_agg(distinct currency) filter (where currency is not null), '{}') as currencies
         from w`,
      p,
    ),
  ]);
  return { total: totals[0], byMonth, byCategory, byDepartment, byVendor };
}

export interface SavingsRow {
  awardId: number;
  kind: "purchase_request" | "bid_request";
  requestId: number;
  number: string;
  title: string;
  awardedAt: Date;
  poNumber: string;
  estimated: string;
  awarded: string;
  saving: string;
  savingPercent: number | null;
}

const SAVINGS_FIELDS = `id as "awardId", kind, request_id as "requestId", number, title, awarded_at as "awardedAt",
  po_number as "poNumber", estimated::text as estimated, amount::text as awarded,
  (estimated - amount)::text as saving, ${pct("estimated - amount", "estimated")} as "savingPercent"`;

export async function savingsTotal(db: Queryable, f: Filter) {
  const [row] = await db.query<{
    estimated: string;
    awarded: string;
    saving: string;
    savingPercent: number | null;
    awards: number;
    withoutBudget: number;
  }>(
    // Savings are measured where there was a budget to save against; awards without one are counted apart.
    `with w as (${AWARDS})
     select coalesce(sum(estimated) filter (where estimated > 0), 0)::text as estimated,
            coalesce(sum(amount) filter (where estimated > 0), 0)::text as awarded,
            coalesce(sum(estimated - amount) filter (where estimated > 0), 0)::text as saving,
            ${
      pct("sum(estimated - amount) filter (where estimated > 0)", "sum(estimated) filter (where estimated > 0)")
    }
              as "savingPercent",
            count(*)::int as awards, (count(*) filter (where estimated <= 0))::int as "withoutBudget"
       from w`,
    params(f),
  );
  return row;
}

/** Savings per award, newest award first; $7 the keyset bound, $8 the page size (db/batches.ts). */
const SAVINGS_ROWS = `with w as (${AWARDS} and ($7::int is null or a.id < $7::int))
     select ${SAVINGS_FIELDS} from w order by id desc limit $8`;

/** One page of savings (the screen shows the newest). */
export async function savingsPage(db: Queryable, f: Filter, beforeId: number | null, size: number) {
  return await db.query<SavingsRow>(SAVINGS_ROWS, [...params(f), beforeId, size]);
}

/** Every award's savings in batches with flat memory (a cursor on PostgreSQL), for the export. */
export function savingsBatches(db: Queryable, f: Filter, size: number): AsyncGenerator<SavingsRow[]> {
  return batches<SavingsRow>(db, SAVINGS_ROWS, params(f), (r) => r.awardId, size);
}

// ---------------------------------------------------------------------------------------------
// pipeline and cycle times (purchase requests created in the range)

const PR_WHERE = `${inRange("pr.created_at")} and ${dims("pr.category_id", "pr.department", "pr.status")}`;
const OPEN_PAST_DEADLINE = `pr.deadline < now() and pr.status in ('draft', 'pending', 'active')`;

/** The per-request rollup (sql/0012_report_rollups.sql) under the same filter as PR_WHERE. */
const RR_WHERE = `${inRange("r.created_at")} and ${dims("r.category_id", "r.department", "r.status")}`;

const CYCLE_METRICS = ["creationToApproval", "approvalToAward", "creationToOrder"] as const;

export async function pipeline(db: Queryable, f: Filter) {
  const p = params(f);
  const [byStatus, [cycle], pastDeadline, overdue] = await Promise.all([
    db.query<{ status: string; count: number }>(
      `select r.status, count(*)::int as count from report_requests r where ${RR_WHERE}
        group by r.status order by count(*) desc, r.status`,
      p,
    ),
    // Cycle times from the rollup's moments: approval (the first approval that made the request
    // active), award and purchase order (issued). One scan, three sorts (median and p90 each).
    db.query<Record<string, number | null>>(
      `select n1, ${quantile("q1", 1)} as m1, ${quantile("q1", 2)} as p1, n2, ${quantile("q2", 1)} as m2,
              ${quantile("q2", 2)} as p2, n3, ${quantile("q3", 1)} as m3, ${quantile("q3", 2)} as p3
         from (select count(a)::int as n1, ${quantiles("a")} as q1, count(b)::int as n2, ${quantiles("b")} as q2,
                      count(c)::int as n3, ${quantiles("c")} as q3
                 from (select r.approval_days as a, r.award_days as b, r.order_days as c
                         from report_requests r where ${RR_WHERE}) d) t`,
      p,
    ),
    db.query<{ count: number }>(
      `select count(*)::int as count from purchase_requests pr where ${OPEN_PAST_DEADLINE} and ${PR_WHERE}`,
      p,
    ),
    db.query<{ id: number; number: string; title: string; status: string; deadline: Date; daysOverdue: number }>(
      `select pr.id, pr.request_number as number, pr.title, pr.status, pr.deadline,
              floor(${days("pr.deadline", "now()")})::int as "daysOverdue"
         from purchase_requests pr where ${OPEN_PAST_DEADLINE} and ${PR_WHERE}
        order by pr.deadline, pr.id limit 50`,
      p,
    ),
  ]);
  const cycleTimes = CYCLE_METRICS.map((metric, i) => ({
    metric,
    count: cycle[`n${i + 1}`] as number,
    medianDays: cycle[`m${i + 1}`],
    p90Days: cycle[`p${i + 1}`],
  }));
  return { byStatus, cycleTimes, pastDeadline: { count: pastDeadline[0].count, requests: overdue } };
}

// ---------------------------------------------------------------------------------------------
// approvals

/**
 * Turnaround of every decision (approve or reject) on purchase requests, by the role of the person
 * who decided, from the moment the request last entered `pending` (its creation, or a resubmission).
 * Decisions are filtered by their own date. One row per decision in report_approval_decisions
 * (sql/0012), kept by triggers in the deciding transaction.
 */
/** Approver roles, in the order the report lists them (alphabetical, as before the rollup). */
const ROLES = ["cost_finance_controller", "procurement_manager"] as const;

export async function approvalTurnaround(db: Queryable, f: Filter) {
  return await db.query<{
    role: string;
    decisions: number;
    approved: number;
    rejected: number;
    medianDays: number | null;
    p90Days: number | null;
  }>(
    // The role is the approval stage's: the manager stage is the procurement manager's (an admin
    // approving acts in it), the finance stage the cost/finance controller's.
    // One pass with a filtered aggregate per role instead of GROUP BY: no sort of every decision
    // by role before the two percentile sorts.
    `with t as (
       select ${
      ROLES.map((role, i) =>
        `count(*) filter (where d.role = '${role}') as n${i},
              count(*) filter (where d.role = '${role}' and d.action = 'approved') as a${i},
              count(*) filter (where d.role = '${role}' and d.action = 'rejected') as r${i},
              ${quantiles("d.days")} filter (where d.role = '${role}') as q${i}`
      ).join(",\n              ")
    }
         from report_approval_decisions d
        where ${inRange("d.decided_at")} and ${dims("d.category_id", "d.department", "d.status")})
     ${
      ROLES.map((role, i) =>
        `select '${role}' as role, n${i}::int as decisions, a${i}::int as approved, r${i}::int as rejected,
             ${quantile(`q${i}`, 1)} as "medianDays", ${quantile(`q${i}`, 2)} as "p90Days" from t where n${i} > 0`
      ).join("\n     union all\n     ")
    }
     order by role`,
    params(f),
  );
}

/**
 * Requests waiting now on each approver role: every pending request needs the manager stage until
 * a manager (or admin) approved it since it last entered pending; one above the threshold also
 * needs the finance stage (flags kept in report_requests). The date range does not apply (it is
 * "now"); the other filters do.
 */
export async function approvalsWaiting(db: Queryable, f: Filter) {
  return await db.query<{ role: string; count: number; oldestDays: number | null }>(
    `with w as (
       select r.created_at, r.waiting_manager, r.waiting_finance from report_requests r
        where (r.waiting_manager or r.waiting_finance)
          -- every query takes the same parameters; this one ignores the range
          and ($1::date is null or true) and ($2::date is null or true) and $6::text is not null
          and ${dims("r.category_id", "r.department", "r.status")})
     select 'procurement_manager' as role, (count(*) filter (where waiting_manager))::int as count,
            round(max(${
      days("created_at", "now()")
    }) filter (where waiting_manager)::numeric, 2)::float8 as "oldestDays"
       from w
     union all
     select 'cost_finance_controller', (count(*) filter (where waiting_finance))::int,
            round(max(${days("created_at", "now()")}) filter (where waiting_finance)::numeric, 2)::float8
       from w`,
    params(f),
  );
}

// ---------------------------------------------------------------------------------------------
// bidding (bid requests created in the range)

const BIDS = `select b.id, b.status, b.bidding_mode, b.category_id,
    coalesce(qs.quotations, 0) as quotations, coalesce(qs.answered, 0) as answered, coalesce(inv.n, 0) as invited
  from bid_requests b
  left join (select bid_request_id, count(*) filter (where is_current) as quotations,
                    count(distinct vendor_id) as answered
               from quotations where bid_request_id is not null group by bid_request_id) qs on qs.bid_request_id = b.id
  left join (select vc.category_id, count(*) as n
               from vendor_categories vc join vendor_profiles vp on vp.user_id = vc.vendor_id and vp.status = 'approved'
              group by vc.category_id) inv on inv.category_id = b.category_id
  where ${inRange("b.created_at")} and ${dims("b.category_id", "b.department", "b.status")}`;

/** Bids that went out to vendors (not drafts, not waiting for approval). */
const PUBLISHED = `status not in ('draft', 'pending_approval')`;

export async function bidding(db: Queryable, f: Filter) {
  const p = params(f);
  const [byStatus, totals, byMode] = await Promise.all([
    db.query<{ status: string; count: number }>(
      `with b as (${BIDS}) select status, count(*)::int as count from b group by status order by count(*) desc, status`,
      p,
    ),
    db.query<{
      bids: number;
      invited: number;
      answered: number;
      responseRate: number | null;
      quotations: number;
      averageQuotations: number | null;
    }>(
      `with b as (${BIDS})
       select count(*)::int as bids, coalesce(sum(invited), 0)::int as invited,
              coalesce(sum(answered), 0)::int as answered, ${pct("sum(answered)", "sum(invited)")} as "responseRate",
              coalesce(sum(quotations), 0)::int as quotations,
              round(avg(quotations), 2)::float8 as "averageQuotations"
         from b where ${PUBLISHED}`,
      p,
    ),
    // Counts only: a sealed bid's quotations are counted, never shown.
    db.query<{ mode: "open" | "sealed"; bids: number; quotations: number; averageQuotations: number | null }>(
      `with b as (${BIDS})
       select m.mode, count(b.id)::int as bids, coalesce(sum(b.quotations), 0)::int as quotations,
              round(avg(b.quotations), 2)::float8 as "averageQuotations"
         from (values ('open', 1), ('sealed', 2)) m (mode, ord)
         left join b on b.bidding_mode = m.mode and b.${PUBLISHED}
        group by m.mode, m.ord order by m.ord`,
      p,
    ),
  ]);
  return { byStatus, totals: totals[0], byMode };
}

// ---------------------------------------------------------------------------------------------
// vendor scorecard

export interface ScorecardRow {
  vendorId: number;
  companyName: string;
  opportunities: number;
  quotations: number;
  responseRate: number | null;
  wins: number;
  winRate: number | null;
  medianResponseDays: number | null;
  averageAboveLowestPercent: number | null;
  awardedTotal: string;
  /** Goods receipts in the range against orders with a due date (promised, else requested). */
  deliveries: number;
  /** Of those, the share received on or before the due date. */
  onTimeRate: number | null;
  /** Days after the due date, late or not (an early delivery counts 0). */
  averageDaysLate: number | null;
}

/**
 * Opportunities (report_opportunities, sql/0012): purchase requests offered to vendors (vendor
 * quote / bid required, approved, not converted into a bid) and bid requests that were published,
 * each with the moment vendors could first see it; filtered on that moment.
 */
const OPPORTUNITIES = `select o.kind, o.id, o.category_id, o.department, o.status, o.published_at
  from report_opportunities o
  where ${inRange("o.published_at")} and ${dims("o.category_id", "o.department", "o.status")}`;

/** Scorecards of all vendors ($7 null) or one vendor, most awarded first. */
export async function scorecards(db: Queryable, f: Filter, vendorId: number | null) {
  return await db.query<ScorecardRow>(
    // One row per readable quotation in report_quotations (sql/0012): the opportunity's dimensions
    // and publication, the lowest rival quote, wins and ordered amount, kept by triggers.
    `with
     v as (select vp.user_id as vendor_id, vp.company_name from vendor_profiles vp
            where ($7::int is null or vp.user_id = $7::int)
              and (vp.status = 'approved'
                   -- a vendor whose only quotations are still sealed must not show up because of them
                   or exists (select 1 from quotations x where x.vendor_id = vp.user_id and not x.sealed))),
     -- opportunities per category; one without a category is open to every vendor
     oc as (select category_id, count(*) as n from (${OPPORTUNITIES}) o group by category_id),
     opp as (select v.vendor_id,
                    coalesce((select sum(oc.n) from oc join vendor_categories vc on vc.category_id = oc.category_id
                               where vc.vendor_id = v.vendor_id), 0)
                    + coalesce((select oc.n from oc where oc.category_id is null), 0) as n
               from v),
     s as (select q.vendor_id, count(*) as quotations,
                  -- answers to opportunities in the vendor's categories (what the response rate counts)
                  count(*) filter (where q.category_id is null or vc.vendor_id is not null) as answered,
                  sum(q.wins) as wins, sum(q.awarded) as awarded, ${quantiles("q.response_days")} as response,
                  round(avg(100.0 * (q.total_amount / nullif(q.lowest, 0) - 1)) filter (where q.competitors > 1), 2)::float8
                    as above_lowest
             from report_quotations q
             left join vendor_categories vc on vc.vendor_id = q.vendor_id and vc.category_id = q.category_id
            where ${inRange("q.published_at")} and ${dims("q.category_id", "q.department", "q.status")}
              and q.vendor_id in (select vendor_id from v)
            group by q.vendor_id),
     -- delivery: every goods receipt against the date the vendor promised (else the one asked for),
     -- in the organisation's calendar; receipts by their date, whatever their request. Each receipt
     -- counts as it is recorded, so a partial delivery shows at once rather than when (if ever) the
     -- order is complete.
     d as (select po.vendor_id, count(*) as deliveries,
                  count(*) filter (where r.received_on <= r.due) as on_time,
                  round(avg(greatest(0, r.received_on - r.due)), 2)::float8 as days_late
             from goods_receipts g
             join purchase_orders po on po.id = g.purchase_order_id
             cross join lateral (
               select (g.received_at at time zone $6::text)::date as received_on,
                      coalesce(po.promised_delivery_date, po.requested_delivery_date) as due) r
            where r.due is not null and po.vendor_id in (select vendor_id from v)
              and ${inRange("g.received_at")}
            group by po.vendor_id)
     select v.vendor_id as "vendorId", v.company_name as "companyName",
            opp.n::int as opportunities, coalesce(s.quotations, 0)::int as quotations,
            ${pct("s.answered", "opp.n")} as "responseRate",
            coalesce(s.wins, 0)::int as wins, ${pct("s.wins", "s.quotations")} as "winRate",
            ${quantile("s.response", 1)} as "medianResponseDays", s.above_lowest as "averageAboveLowestPercent",
            coalesce(s.awarded, 0)::numeric(14, 2)::text as "awardedTotal",
            coalesce(d.deliveries, 0)::int as deliveries, ${pct("d.on_time", "d.deliveries")} as "onTimeRate",
            d.days_late as "averageDaysLate"
       from v left join s on s.vendor_id = v.vendor_id join opp on opp.vendor_id = v.vendor_id
       left join d on d.vendor_id = v.vendor_id
      order by coalesce(s.awarded, 0) desc, coalesce(s.quotations, 0) desc, v.company_name, v.vendor_id`,
    [...params(f), vendorId],
  );
}

export async function categoryName(db: Queryable, id: number) {
  return (await db.query<{ name: string }>("select name from categories where id = $1", [id]))[0]?.name ?? null;
}

// ---------------------------------------------------------------------------------------------
// the purchase request report (HTML and PDF): purchase requests created in the range

export interface PurchaseRequestRow {
  id: number;
  number: string;
  title: string;
  department: string;
  category: string | null;
  status: string;
  priority: string;
  requestType: string;
  createdAt: Date;
  deadline: Date;
  estimatedBudget: string;
  requestedBy: string;
}

/** Newest first; the two trailing parameters are the keyset bound and the page size (batches.ts). */
export const PURCHASE_REQUEST_ROWS = `select pr.id, pr.request_number as number, pr.title, pr.department,
    c.name as category, pr.status, pr.priority, pr.request_type as "requestType", pr.created_at as "createdAt",
    pr.deadline, pr.estimated_budget::text as "estimatedBudget",
    coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email) as "requestedBy"
  from purchase_requests pr
  left join categories c on c.id = pr.category_id
  join users u on u.id = pr.created_by
  where ${PR_WHERE} and ($7::int is null or pr.id < $7::int)
  order by pr.id desc limit $8`;

export const purchaseRequestParams = params;

/** How many requests the report holds, by status, with their estimated budget. */
export async function purchaseRequestSummary(db: Queryable, f: Filter) {
  return await db.query<{ status: string; count: number; estimated: string }>(
    `select pr.status, count(*)::int as count, sum(pr.estimated_budget)::text as estimated
       from purchase_requests pr where ${PR_WHERE}
      group by pr.status order by count(*) desc, pr.status`,
    params(f),
  );
}
