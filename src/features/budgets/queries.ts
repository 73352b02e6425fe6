/**
 * SQL of budgets. The money state is derived, never stored: every figure is a sum over the
 * requests and purchase orders in a budget's scope and period, computed in numeric and returned as
 * text, so committed + spent + remaining = amount holds exactly whatever happened before.
 *
 * A request or purchase order is in a budget's scope when its department (ignoring case and
 * spaces) and category match those the budget names (a budget naming only one matches on that one)
 * and the request (or, for an order without one, its bid request) was raised within the period,
 * by the calendar day in the organisation's time zone. It counts against every budget it matches:
 * a department budget and a category budget are two separate limits.
 */
import type { Queryable } from "../../db/types.ts";

/** Purchase order statuses whose not-yet-received value is still committed. */
export const OPEN_PO_STATUSES = ["issued", "acknowledged", "partially_received", "received"];

export interface BudgetRow extends BudgetWrite {
  id: number;
  categoryName: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface MoneyState {
  committed: string;
  spent: string;
  remaining: string;
}

export interface Contribution {
  budgetId: number;
  kind: "request" | "order";
  id: number;
  number: string;
  title: string;
  status: string;
  committed: string;
  spent: string;
}

const BUDGET_COLUMNS = `b.id, b.department, b.category_id as "categoryId", c.name as "categoryName",
  b.fiscal_year as "fiscalYear", b.quarter, to_char(b.period_start, 'YYYY-MM-DD') as "periodStart",
  to_char(b.period_end, 'YYYY-MM-DD') as "periodEnd", b.amount::text as amount, b.currency, b.notes, b.version,
  b.created_at as "createdAt", b.updated_at as "updatedAt"`;

/** The goods receipt tables come with the purchase order lifecycle (sql/0013); without them nothing is received yet. */
async function hasReceipts(db: Queryable): Promise<boolean> {
  const [r] = await db.query<{ ok: boolean }>("select to_regclass('goods_receipt_lines') is not null as ok");
  return r.ok;
}

const IN_SCOPE = (alias: string) =>
  `(b.department is null or lower(btrim(${alias}.department)) = lower(b.department))
   and (b.category_id is null or ${alias}.category_id = b.category_id)
   and ${alias}.day >= b.period_start and ${alias}.day < b.period_end`;

/**
 * Every request and order behind the budgets $1 (int[]), with what it commits and what it spent;
 * $2 is the organisation's time zone, $3 the open order statuses.
 * - An approved (active) request without an award reserves its estimate.
 * - An award replaces that with its purchase order: lines × unit price not yet received, while
 *   the order is open (issued, acknowledged, partially or fully received); a cancelled, declined or
 *   closed order commits nothing more.
 * - Received quantities × unit price are spent, whatever the order's status.
 * Each line value is rounded to cents before it is summed.
 */
function contributionsSql(receipts: boolean) {
  const received = receipts
    ? "coalesce((select sum(gl.quantity) from goods_receipt_lines gl where gl.quotation_item_id = qi.id), 0)"
    : "0::numeric";
  return `
  with b as (select id, department, category_id, period_start, period_end from budgets where id = any($1::int[])),
  prs as (
    select pr.id, pr.request_number, pr.title, pr.status, pr.estimated_budget, pr.department, pr.category_id,
        (pr.created_at at time zone $2)::date as day
      from purchase_requests pr
     where pr.status = 'active' and not exists (select 1 from awards a where a.purchase_request_id = pr.id)
  ),
  pos as (
    select po.id, po.po_number, po.status, po.quotation_id, po.total_amount,
        coalesce(pr.title, br.title) as title,
        case when pr.id is not null then pr.department else br.department end as department,
        case when pr.id is not null then pr.category_id else br.category_id end as category_id,
        (coalesce(pr.created_at, br.created_at) at time zone $2)::date as day
      from purchase_orders po
      left join purchase_requests pr on pr.id = po.purchase_request_id
      left join bid_requests br on br.id = po.bid_request_id
  ),
  po_lines as (
    select b.id as budget_id, pos.id, pos.po_number, pos.title, pos.status, pos.total_amount,
        qi.id as line_id, qi.quantity, qi.unit_price, ${received} as received
      from b join pos on ${IN_SCOPE("pos")}
      left join quotation_items qi on qi.quotation_id = pos.quotation_id
  )
  select b.id as "budgetId", 'request' as kind, prs.id, prs.request_number as number, prs.title, prs.status,
      prs.estimated_budget::text as committed, '0.00' as spent
    from b join prs on ${IN_SCOPE("prs")}
  union all
  select budget_id, 'order', id, po_number, title, status,
      (case when not (status = any($3::text[])) then 0
            -- an order without item rows (never expected) commits its total until closed
            when count(line_id) = 0 then total_amount
            else coalesce(sum(round(greatest(quantity - received, 0) * unit_price, 2)), 0) end)::numeric(14, 2)::text,
      coalesce(sum(round(received * unit_price, 2)), 0)::numeric(14, 2)::text
    from po_lines
   group by budget_id, id, po_number, title, status, total_amount`;
}

export async function contributions(db: Queryable, budgetIds: number[], timeZone: string): Promise<Contribution[]> {
  if (!budgetIds.length) return [];
  return await db.query<Contribution>(
    `select * from (${contributionsSql(await hasReceipts(db))}) x order by "budgetId", kind desc, number`,
    [budgetIds, timeZone, OPEN_PO_STATUSES],
  );
}

/** Committed, spent and remaining of each budget in $1, exact (numeric, as text). */
export async function moneyState(
  db: Queryable,
  budgetIds: number[],
  timeZone: string,
): Promise<Map<number, MoneyState>> {
  if (!budgetIds.length) return new Map();
  const rows = await db.query<MoneyState & { id: number }>(
    `with x as (${contributionsSql(await hasReceipts(db))}),
     s as (select "budgetId", sum(committed::numeric) as committed, sum(spent::numeric) as spent from x group by "budgetId")
     select b.id, coalesce(s.committed, 0)::numeric(14, 2)::text as committed,
         coalesce(s.spent, 0)::numeric(14, 2)::text as spent,
         (b.amount - coalesce(s.committed, 0) - coalesce(s.spent, 0))::text as remaining
       from budgets b left join s on s."budgetId" = b.id
      where b.id = any($1::int[])`,
    [budgetIds, timeZone, OPEN_PO_STATUSES],
  );
  return new Map(rows.map(({ id, ...m }) => [id, m]));
}

export async function listBudgets(db: Queryable, f: { fiscalYear?: number }): Promise<BudgetRow[]> {
  return await db.query<BudgetRow>(
    `select ${BUDGET_COLUMNS} from budgets b left join categories c on c.id = b.category_id
      where ($1::int is null or b.fiscal_year = $1)
      order by b.fiscal_year desc, b.quarter nulls first, lower(coalesce(b.department, '')), c.name nulls first, b.id
      limit 1000`,
    [f.fiscalYear ?? null],
  );
}

export async function getBudget(db: Queryable, id: number, lock = false): Promise<BudgetRow | undefined> {
  return (await db.query<BudgetRow>(
    `select ${BUDGET_COLUMNS} from budgets b left join categories c on c.id = b.category_id where b.id = $1
     ${lock ? "for update of b" : ""}`,
    [id],
  ))[0];
}

export async function fiscalYears(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ y: number }>("select distinct fiscal_year as y from budgets order by y desc");
  return rows.map((r) => r.y);
}

export interface BudgetWrite {
  department: string | null;
  categoryId: number | null;
  fiscalYear: number;
  quarter: number | null;
  periodStart: string;
  periodEnd: string;
  amount: string;
  currency: string;
  notes: string;
}

/** The written columns' values, in the order both insertBudget and updateBudget number them. */
const budgetValues = (b: BudgetWrite) => [
  b.department,
  b.categoryId,
  b.fiscalYear,
  b.quarter,
  b.periodStart,
  b.periodEnd,
  b.amount,
  b.currency,
  b.notes,
];

export async function insertBudget(tx: Queryable, b: BudgetWrite, userId: number): Promise<number> {
  return (await tx.query<{ id: number }>(
    `insert into budgets (department, category_id, fiscal_year, quarter, period_start, period_end, amount, currency, notes,
        created_by)
     values ($1, $2, $3, $4, $5::date, $6::date, $7::numeric, $8, $9, $10) returning id`,
    [...budgetValues(b), userId],
  ))[0].id;
}

export async function updateBudget(tx: Queryable, id: number, b: BudgetWrite) {
  await tx.query(
    `update budgets set department = $2, category_id = $3, fiscal_year = $4, quarter = $5, period_start = $6::date,
        period_end = $7::date, amount = $8::numeric, currency = $9, notes = $10, version = version + 1, updated_at = now()
      where id = $1`,
    [id, ...budgetValues(b)],
  );
}

export async function deleteBudget(tx: Queryable, id: number) {
  await tx.query("delete from budgets where id = $1", [id]);
}

export async function categoryExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query("select 1 from categories where id = $1", [id])).length > 0;
}

export interface RequestScope {
  id: number;
  estimate: string;
  department: string;
  categoryId: number | null;
  day: string;
}

export async function requestScope(db: Queryable, prId: number, timeZone: string): Promise<RequestScope | undefined> {
  return (await db.query<RequestScope>(
    `select id, estimated_budget::text as estimate, department, category_id as "categoryId",
        to_char((created_at at time zone $2)::date, 'YYYY-MM-DD') as day
       from purchase_requests where id = $1`,
    [prId, timeZone],
  ))[0];
}

/** Which of the requests $1 fall under at least one budget (most fall under none: no money state to read). */
export async function requestsUnderBudgets(db: Queryable, prIds: number[], timeZone: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select pr.id from purchase_requests pr
      where pr.id = any($1::int[]) and exists (
        select 1 from budgets b
         where (b.department is null or lower(b.department) = lower(btrim(pr.department)))
           and (b.category_id is null or b.category_id = pr.category_id)
           and (pr.created_at at time zone $2)::date >= b.period_start
           and (pr.created_at at time zone $2)::date < b.period_end)
      order by pr.id`,
    [prIds, timeZone],
  );
  return rows.map((r) => r.id);
}

/**
 * The budgets a request falls under, in id order; with `lock`, each row is locked FOR UPDATE (in
 * id order, so two approvals never wait on each other crosswise) until the transaction ends.
 */
export async function budgetsForRequest(db: Queryable, r: RequestScope, lock: boolean): Promise<BudgetRow[]> {
  return await db.query<BudgetRow>(
    `select ${BUDGET_COLUMNS} from budgets b left join categories c on c.id = b.category_id
      where (b.department is null or lower(b.department) = lower(btrim($1)))
        and (b.category_id is null or b.category_id = $2)
        and $3::date >= b.period_start and $3::date < b.period_end
      order by b.id ${lock ? "for update of b" : ""}`,
    [r.department, r.categoryId, r.day],
  );
}
