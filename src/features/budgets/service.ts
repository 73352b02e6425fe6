/**
 * The rules of budgets: fiscal periods from the fiscal year start month, the money state of each
 * budget, the approval check purchase requests call (lock, compare, warn or refuse), and the rows
 * of the CSV/XLSX export.
 */
import type { Queryable } from "../../db/types.ts";
import { Conflict } from "../../lib/errors.ts";
import { organisationTimeZone } from "../../lib/organisation-time-zone.ts";
import { getSettings } from "../../lib/settings.ts";
import { writeSetting } from "../../lib/settings-queries.ts";
import { fromCents, toCents } from "../../shared/money.ts";
import { financeUsers, notifyUsers } from "../../notify/in-app.ts";
import { BUDGET_ALERT_PERCENTS } from "../../shared/notifications.ts";
import {
  type BudgetSettings,
  fiscalPeriod,
  OVERRUN_POLICIES,
  type OverrunPolicy,
  periodLabel,
} from "../../shared/schemas/budgets.ts";
import * as q from "./queries.ts";

export const SETTING_KEYS = { overrunPolicy: "budget_overrun_policy", startMonth: "fiscal_year_start_month" } as const;

export async function readSettings(db: Queryable): Promise<BudgetSettings> {
  const s = await getSettings(db, Object.values(SETTING_KEYS));
  const policy = s[SETTING_KEYS.overrunPolicy] as OverrunPolicy;
  const month = Number(s[SETTING_KEYS.startMonth]);
  return {
    overrunPolicy: OVERRUN_POLICIES.includes(policy) ? policy : "require_finance",
    fiscalYearStartMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1,
  };
}

export async function writeSettings(tx: Queryable, s: BudgetSettings, userId: number) {
  for (
    const [key, value] of [
      [SETTING_KEYS.overrunPolicy, s.overrunPolicy],
      [SETTING_KEYS.startMonth, String(s.fiscalYearStartMonth)],
    ]
  ) {
    await writeSetting(tx, key, value, userId);
  }
}

export type Budget = q.BudgetRow & q.MoneyState & { label: string };

function withState(rows: q.BudgetRow[], state: Map<number, q.MoneyState>): Budget[] {
  return rows.map((b) => ({
    ...b,
    label: periodLabel(b.fiscalYear, b.quarter),
    ...(state.get(b.id) ?? { committed: "0.00", spent: "0.00", remaining: b.amount }),
  }));
}

export async function listBudgets(db: Queryable, f: { fiscalYear?: number }) {
  const rows = await q.listBudgets(db, f);
  const tz = await organisationTimeZone(db);
  const budgets = withState(rows, await q.moneyState(db, rows.map((r) => r.id), tz));
  const cents = (pick: (b: Budget) => string) => fromCents(budgets.reduce((s, b) => s + centsOf(pick(b)), 0));
  return {
    budgets,
    totals: {
      amount: cents((b) => b.amount),
      committed: cents((b) => b.committed),
      spent: cents((b) => b.spent),
      remaining: cents((b) => b.remaining),
    },
    fiscalYears: await q.fiscalYears(db),
    settings: await readSettings(db),
  };
}

/** Signed decimal text ("-12.50") to cents; the sums of a page of budgets stay far inside 2^53. */
function centsOf(text: string): number {
  const negative = text.startsWith("-");
  const c = toCents(negative ? text.slice(1) : text) ?? 0;
  return negative ? -c : c;
}

export async function budgetDetail(db: Queryable, id: number) {
  const row = await q.getBudget(db, id);
  if (!row) return undefined;
  const tz = await organisationTimeZone(db);
  const [budget] = withState([row], await q.moneyState(db, [id], tz));
  const entries = (await q.contributions(db, [id], tz)).map(({ budgetId: _b, ...e }) => e);
  return { ...budget, entries };
}

export function periodOf(fiscalYear: number, quarter: number | null, startMonth: number) {
  const p = fiscalPeriod(fiscalYear, quarter, startMonth);
  return { periodStart: p.start, periodEnd: p.end };
}

export interface BudgetEffect {
  policy: OverrunPolicy;
  estimate: string;
  overrun: boolean;
  budgets: (Budget & { after: string; overrun: boolean })[];
}

/**
 * What approving request `prId` does to its budgets: each one's remaining before and after the
 * request's estimate is reserved. With `lock` (inside the approval transaction) the budget rows are
 * locked first and the money state is read after the lock, so a concurrent approval of the same
 * budget has either committed (and is counted) or waits for this one.
 */
export async function requestEffect(db: Queryable, prId: number, lock = false): Promise<BudgetEffect | undefined> {
  const tz = await organisationTimeZone(db);
  const scope = await q.requestScope(db, prId, tz);
  if (!scope) return undefined;
  const { overrunPolicy } = await readSettings(db);
  const rows = await q.budgetsForRequest(db, scope, lock);
  const state = await q.moneyState(db, rows.map((r) => r.id), tz);
  const estimate = toCents(scope.estimate) ?? 0;
  const budgets = withState(rows, state).map((b) => {
    const after = centsOf(b.remaining) - estimate;
    return { ...b, after: fromCents(after), overrun: estimate > 0 && after < 0 };
  });
  return { policy: overrunPolicy, estimate: scope.estimate, overrun: budgets.some((b) => b.overrun), budgets };
}

/** requestEffect of each request in `prIds` under a budget (the inbox's approvals); the rest are absent. */
export async function requestEffects(db: Queryable, prIds: number[]): Promise<Map<number, BudgetEffect>> {
  const effects = new Map<number, BudgetEffect>();
  if (!prIds.length) return effects;
  for (const id of await q.requestsUnderBudgets(db, prIds, await organisationTimeZone(db))) {
    const effect = await requestEffect(db, id);
    if (effect) effects.set(id, effect);
  }
  return effects;
}

/**
 * The budget rule of an approval, called inside the approval transaction after the request row is
 * locked. Returns true when the request would exceed a budget and the policy asks for a finance
 * approval; throws 409 `budgets.exceeded` when the policy refuses it.
 */
export async function checkApproval(tx: Queryable, prId: number): Promise<{ overBudget: boolean }> {
  const effect = await requestEffect(tx, prId, true);
  if (!effect?.overrun) return { overBudget: false };
  if (effect.policy === "refuse") {
    const worst = effect.budgets.filter((b) => b.overrun)[0];
    throw new Conflict("budgets.exceeded", {
      budget: budgetName(worst),
      remaining: worst.remaining,
      estimate: effect.estimate,
    });
  }
  return { overBudget: true };
}

/**
 * Finance hears when approving request `prId` takes a budget's use (committed and spent) to or past
 * a share of its amount (BUDGET_ALERT_PERCENTS: 80% and 100%), once, when it crosses: the highest
 * share crossed, with what remains after. Called in the approval's transaction before the request
 * counts as committed, so the state read is the one before.
 */
export async function announceBudgetThresholds(tx: Queryable, prId: number, actorId?: number) {
  const effect = await requestEffect(tx, prId);
  const estimate = toCents(effect?.estimate ?? "0") ?? 0;
  for (const b of effect?.budgets ?? []) {
    const amount = toCents(b.amount) ?? 0;
    const before = amount - centsOf(b.remaining);
    const crossed = BUDGET_ALERT_PERCENTS.filter((p) =>
      before * 100 < p * amount && (before + estimate) * 100 >= p * amount
    );
    if (amount <= 0 || !crossed.length) continue;
    await notifyUsers(tx, financeUsers(tx), {
      type: "budget_threshold",
      entity: { kind: "budget", id: b.id },
      params: { budget: budgetName(b), percent: crossed[crossed.length - 1], remaining: b.after, currency: b.currency },
    }, actorId);
  }
}

export function budgetName(b: Pick<Budget, "department" | "categoryName" | "fiscalYear" | "quarter">) {
  return [b.department, b.categoryName, periodLabel(b.fiscalYear, b.quarter)].filter(Boolean).join(" / ");
}

/** The export: one row per budget with its figures, then the requests and orders behind each. */
export async function exportRows(db: Queryable, f: { fiscalYear?: number }): Promise<unknown[][]> {
  const { budgets, totals } = await listBudgets(db, f);
  const tz = await organisationTimeZone(db);
  const entries = await q.contributions(db, budgets.map((b) => b.id), tz);
  const rows: unknown[][] = [[
    "section",
    "budgetId",
    "period",
    "department",
    "category",
    "currency",
    "budget",
    "committed",
    "spent",
    "remaining",
    "number",
    "title",
    "status",
  ]];
  for (const b of budgets) {
    rows.push([
      "budget",
      b.id,
      b.label,
      b.department ?? "",
      b.categoryName ?? "",
      b.currency,
      b.amount,
      b.committed,
      b.spent,
      b.remaining,
      "",
      "",
      "",
    ]);
  }
  rows.push(["total", "", "", "", "", "", totals.amount, totals.committed, totals.spent, totals.remaining, "", "", ""]);
  const byId = new Map(budgets.map((b) => [b.id, b]));
  for (const e of entries) {
    const b = byId.get(e.budgetId)!;
    rows.push([
      e.kind,
      e.budgetId,
      b.label,
      b.department ?? "",
      b.categoryName ?? "",
      b.currency,
      "",
      e.committed,
      e.spent,
      "",
      e.number,
      e.title,
      e.status,
    ]);
  }
  return rows;
}

/** The same rows as an XLSX workbook (exceljs, loaded on first use); amounts are numbers in the sheet. */
export async function xlsx(rows: unknown[][], heading: string[]): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("budgets");
  const value = (v: unknown) =>
    typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === null || v === undefined ? "" : v;
  for (const line of heading) sheet.addRow([line]);
  for (const row of rows) sheet.addRow(row.map(value));
  return new Uint8Array(await book.xlsx.writeBuffer());
}
