/**
 * The report queries (issue 12). Every figure is computed here, in SQL, from live rows: money stays
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
  join purchase_orders po on po.id = a.purchase_order_id and po.status = 'issued'
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

/** Savings per award, newest award first, one keyset page (exports page through all of them). */
export async function savingsPage(db: Queryable, f: Filter, beforeId: number | null, size: number) {
  return await db.query<SavingsRow>(
    `with w as (${AWARDS} and ($7::int is null or a.id < $7::int))
     select ${SAVINGS_FIELDS} from w order by id desc limit $8`,
    [...params(f), beforeId, size],
  );
}

// ---------------------------------------------------------------------------------------------
// pipeline and cycle times (purchase requests created in the range)

const PR_WHERE = `${inRange("pr.created_at")} and ${dims("pr.category_id", "pr.department", "pr.status")}`;
const OPEN_PAST_DEADLINE = `pr.deadline < now() and pr.status in ('draft', 'pending', 'active')`;

/**
 * Cycle times, set-based (no per-request subquery): approvals from the events that made a request
 * active, awards (and their purchase orders, issued in the same transaction) from `awards`.
 */
const CYCLES = `with ap as (
    select pr.id, pr.created_at, min(e.created_at) as approved_at
      from purchase_request_events e join purchase_requests pr on pr.id = e.purchase_request_id
     where e.action = 'approved' and e.to_status = 'active' and ${PR_WHERE}
     group by pr.id, pr.created_at),
  aw as (
    select pr.id, pr.created_at, a.created_at as awarded_at, po.created_at as ordered_at
      from awards a join purchase_orders po on po.id = a.purchase_order_id and po.status = 'issued'
      join purchase_requests pr on pr.id = a.purchase_request_id
     where ${PR_WHERE}),
  d as (select 'creationToApproval' as metric, ${days("created_at", "approved_at")} as x from ap
        union all
        select 'approvalToAward', ${days("ap.approved_at", "aw.awarded_at")} from ap join aw on aw.id = ap.id
        union all
        select 'creationToOrder', ${days("created_at", "ordered_at")} from aw),
  m as (select * from (values ('creationToApproval', 1), ('approvalToAward', 2), ('creationToOrder', 3)) m (metric, ord))
  select metric, count, ${quantile("q", 1)} as "medianDays", ${quantile("q", 2)} as "p90Days"
    from (select m.metric, m.ord, count(d.x)::int as count, ${quantiles("d.x")} as q
            from m left join d on d.metric = m.metric group by m.metric, m.ord) t
   order by ord`;

export async function pipeline(db: Queryable, f: Filter) {
  const p = params(f);
  const [byStatus, cycle, pastDeadline, overdue] = await Promise.all([
    db.query<{ status: string; count: number }>(
      `select pr.status, count(*)::int as count from purchase_requests pr where ${PR_WHERE}
        group by pr.status order by count(*) desc, pr.status`,
      p,
    ),
    db.query<{ metric: string; count: number; medianDays: number | null; p90Days: number | null }>(CYCLES, p),
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
  return { byStatus, cycleTimes: cycle, pastDeadline: { count: pastDeadline[0].count, requests: overdue } };
}

// ---------------------------------------------------------------------------------------------
// approvals

/**
 * Turnaround of every decision (approve or reject) on purchase requests, by the role of the person
 * who decided, from the moment the request last entered `pending` (its creation, or a resubmission).
 * Decisions are filtered by their own date.
 */
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
    `with d as (
       select e.action, case e.stage when 'finance' then 'cost_finance_controller' else 'procurement_manager' end as role,
              ${
      days(
        `coalesce((select max(s.created_at) from purchase_request_events s
                    where s.purchase_request_id = e.purchase_request_id and s.id < e.id
                      and s.to_status = 'pending' and s.action not in ('approved', 'created')), pr.created_at)`,
        "e.created_at",
      )
    } as x
         from purchase_request_events e
         join purchase_requests pr on pr.id = e.purchase_request_id
        where e.action in ('approved', 'rejected') and e.stage is not null
          and ${inRange("e.created_at")} and ${dims("pr.category_id", "pr.department", "pr.status")})
     select role, decisions, approved, rejected, ${quantile("q", 1)} as "medianDays", ${quantile("q", 2)} as "p90Days"
       from (select role, count(*)::int as decisions, (count(*) filter (where action = 'approved'))::int as approved,
                    (count(*) filter (where action = 'rejected'))::int as rejected, ${quantiles("x")} as q
               from d group by role) t
      order by role`,
    params(f),
  );
}

/**
 * Requests waiting now on each approver role: every pending request needs the manager stage until
 * a manager (or admin) approved it since it last entered pending; one above the threshold also
 * needs the finance stage. The date range does not apply (it is "now"); the other filters do.
 */
export async function approvalsWaiting(db: Queryable, f: Filter) {
  return await db.query<{ role: string; count: number; oldestDays: number | null }>(
    `with p as (
       select pr.id, pr.created_at, pr.approvals_required,
              array(select e.stage from purchase_request_events e
                     where e.purchase_request_id = pr.id and e.action = 'approved'
                       and e.id > coalesce((select max(s.id) from purchase_request_events s
                                            where s.purchase_request_id = pr.id and s.to_status = 'pending'
                                              and s.action <> 'approved'), 0)) as given
         from purchase_requests pr
        where pr.status = 'pending' and pr.approval_required
          -- every query takes the same parameters; this one ignores the range
          and ($1::date is null or true) and ($2::date is null or true) and $6::text is not null
          and ${dims("pr.category_id", "pr.department", "pr.status")}),
     w as (select 'procurement_manager' as role, 1 as ord, p.* from p where not ('manager' = any (given))
           union all
           select 'cost_finance_controller', 2, p.* from p where approvals_required >= 2 and not ('finance' = any (given)))
     select m.role, count(w.id)::int as count, round(max(${
      days("w.created_at", "now()")
    })::numeric, 2)::float8 as "oldestDays"
       from (values ('procurement_manager', 1), ('cost_finance_controller', 2)) m (role, ord)
       left join w on w.role = m.role group by m.role, m.ord order by m.ord`,
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
    db.query<{ mode: string; bids: number; quotations: number; averageQuotations: number | null }>(
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
}

/**
 * Opportunities: purchase requests offered to vendors (vendor quote / bid required, approved, not
 * converted into a bid) and bid requests that were published, each with the moment vendors could
 * first see it; filtered on that moment.
 */
const OPPORTUNITIES = `select * from (
    select 'purchase_request' as kind, pr.id, pr.category_id, pr.department, pr.status,
           coalesce(act.at, pr.created_at) as published_at
      from purchase_requests pr
      left join (select purchase_request_id, min(created_at) as at from purchase_request_events
                  where to_status = 'active' group by purchase_request_id) act on act.purchase_request_id = pr.id
     where pr.request_type in ('vendor_quote', 'bid_required') and pr.status in ('active', 'completed')
       and not exists (select 1 from bid_requests cb where cb.purchase_request_id = pr.id and cb.status <> 'cancelled')
    union all
    select 'bid_request', b.id, b.category_id, b.department, b.status,
           greatest(b.bidding_start_at, coalesce(pub.at, b.created_at))
      from bid_requests b
      left join (select bid_request_id, max(created_at) as at from bid_request_events
                  where to_status = 'published' group by bid_request_id) pub on pub.bid_request_id = b.id
     where b.status in ('published', 'bidding_open', 'bidding_closed', 'evaluation', 'awarded')) o
  where ${inRange("o.published_at")} and ${dims("o.category_id", "o.department", "o.status")}`;

/** Scorecards of all vendors ($7 null) or one vendor, most awarded first. */
export async function scorecards(db: Queryable, f: Filter, vendorId: number | null) {
  return await db.query<ScorecardRow>(
    `with o as materialized (${OPPORTUNITIES}),
     -- current quotations a report may show: never one that is still sealed
     q as (select q.id, q.vendor_id, q.total_amount, q.submitted_at, o.published_at, o.category_id,
                  min(q.total_amount) over (partition by o.kind, o.id, q.currency) as lowest,
                  count(*) over (partition by o.kind, o.id, q.currency) as competitors
             from quotations q
             join o on o.kind = case when q.bid_request_id is null then 'purchase_request' else 'bid_request' end
                   and o.id = coalesce(q.bid_request_id, q.purchase_request_id)
            where q.is_current and not q.sealed),
     v as (select vp.user_id as vendor_id, vp.company_name from vendor_profiles vp
            where ($7::int is null or vp.user_id = $7::int)
              and (vp.status = 'approved'
                   -- a vendor whose only quotations are still sealed must not show up because of them
                   or exists (select 1 from quotations x where x.vendor_id = vp.user_id and not x.sealed))),
     -- opportunities per category; one without a category is open to every vendor
     oc as (select category_id, count(*) as n from o group by category_id),
     opp as (select v.vendor_id,
                    coalesce((select sum(oc.n) from oc join vendor_categories vc on vc.category_id = oc.category_id
                               where vc.vendor_id = v.vendor_id), 0)
                    + coalesce((select oc.n from oc where oc.category_id is null), 0) as n
               from v),
     s as (select q.vendor_id, count(*) as quotations,
                  -- answers to opportunities in the vendor's categories (what the response rate counts)
                  count(*) filter (where q.category_id is null or vc.vendor_id is not null) as answered,
                  count(a.id) as wins,
                  coalesce(sum(po.total_amount) filter (where po.status = 'issued'), 0) as awarded,
                  ${quantiles(days("q.published_at", "q.submitted_at"))} as response,
                  round(avg(100.0 * (q.total_amount / nullif(q.lowest, 0) - 1)) filter (where q.competitors > 1), 2)::float8
                    as above_lowest
             from q
             left join vendor_categories vc on vc.vendor_id = q.vendor_id and vc.category_id = q.category_id
             left join awards a on a.quotation_id = q.id
             left join purchase_orders po on po.id = a.purchase_order_id
            where q.vendor_id in (select vendor_id from v)
            group by q.vendor_id)
     select v.vendor_id as "vendorId", v.company_name as "companyName",
            opp.n::int as opportunities, coalesce(s.quotations, 0)::int as quotations,
            ${pct("s.answered", "opp.n")} as "responseRate",
            coalesce(s.wins, 0)::int as wins, ${pct("s.wins", "s.quotations")} as "winRate",
            ${quantile("s.response", 1)} as "medianResponseDays", s.above_lowest as "averageAboveLowestPercent",
            coalesce(s.awarded, 0)::text as "awardedTotal"
       from v left join s on s.vendor_id = v.vendor_id join opp on opp.vendor_id = v.vendor_id
      order by coalesce(s.awarded, 0) desc, coalesce(s.quotations, 0) desc, v.company_name, v.vendor_id`,
    [...params(f), vendorId],
  );
}

export async function categoryName(db: Queryable, id: number) {
  return (await db.query<{ name: string }>("select name from categories where id = $1", [id]))[0]?.name ?? null;
}
