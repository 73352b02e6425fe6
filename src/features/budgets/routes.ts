/**
 * Budgets: finance (and admin) define budgets per department and/or category per
 * fiscal period (`budgets.manage`); they, and procurement managers, read the money state of each
 * with the requests and orders behind it, and export it (`budgets.view`). The approval rule itself
 * runs inside the purchase request approval (service.checkApproval).
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { csvRow } from "../../lib/csv.ts";
import { BadRequest, Conflict, NotFound, orNotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
import { fromCents, toCents } from "../../shared/money.ts";
import {
  budgetListQuerySchema,
  budgetSchema,
  budgetSettingsSchema,
  budgetUpdateSchema,
} from "../../shared/schemas/budgets.ts";
import { idSchema } from "../../shared/schemas/common.ts";
import * as q from "./queries.ts";
import * as s from "./service.ts";
import { conforming, type ContractOptions } from "../../lib/api-contract.ts";
import * as r from "../../shared/schemas/responses/budgets.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const doc = (summary: string, contract: ContractOptions = {}) => ({ tags: ["budgets"], summary, ...contract });

type BudgetPayload = z.output<typeof budgetSchema>;

async function toWrite(db: Parameters<typeof s.readSettings>[0], v: BudgetPayload): Promise<q.BudgetWrite> {
  if (v.categoryId !== null && !(await q.categoryExists(db, v.categoryId))) {
    throw new BadRequest("categories.unknown", [{
      path: "categoryId",
      message: "One or more categories do not exist",
    }]);
  }
  const { fiscalYearStartMonth } = await s.readSettings(db);
  return {
    department: v.department,
    categoryId: v.categoryId,
    fiscalYear: v.fiscalYear,
    quarter: v.quarter,
    ...s.periodOf(v.fiscalYear, v.quarter, fiscalYearStartMonth),
    amount: fromCents(toCents(v.amount)!),
    currency: v.currency,
    notes: v.notes,
  };
}

/** The unique scope-and-period key answers 409 rather than 500. */
async function unique<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if ((e as { code?: string }).code === "23505") throw new Conflict("budgets.duplicate");
    throw e;
  }
}

const prParamSchema = z.object({ purchaseRequestId: idSchema() });

export const budgetRoutes = new Hono<AppEnv>()
  .get(
    "/api/budgets",
    allow(
      "budgets.view",
      doc("Budgets (of one fiscal year, or all) with committed, spent and remaining, and totals", {
        ok: r.budgetListResponseSchema,
      }),
    ),
    validate("query", budgetListQuerySchema),
    async (c) =>
      c.json(conforming(r.budgetListResponseSchema, await s.listBudgets(c.get("deps").db, c.req.valid("query")))),
  )
  .get(
    "/api/budgets/export",
    allow(
      "budgets.view",
      doc("The budgets and the requests and orders behind them, as CSV or XLSX (?format=xlsx)", {
        ok: { media: ["text/csv", XLSX] },
      }),
    ),
    validate("query", budgetListQuerySchema),
    async (c) => {
      const f = c.req.valid("query");
      const { db } = c.get("deps");
      const format = f.format ?? "csv";
      const rows = await s.exportRows(db, f);
      await db.tx((tx) =>
        audit(tx, c, { action: "EXPORT", entityType: "budget", entityId: null, metadata: { filter: f, format } })
      );
      const name = `budgets_${f.fiscalYear ?? "all"}.${format}`;
      const heading = [
        `# Budgets: ${f.fiscalYear ? `fiscal year ${f.fiscalYear}` : "all fiscal years"}`,
        `# Generated at ${new Date().toISOString()}`,
      ];
      if (format === "xlsx") {
        return c.body(await s.xlsx(rows, heading) as Uint8Array<ArrayBuffer>, 200, {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": `attachment; filename="${name}"`,
        });
      }
      return c.body([...heading.map((h) => csvRow([h])), ...rows.map(csvRow)].join(""), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
      });
    },
  )
  .get(
    "/api/budgets/settings",
    allow("budgets.view", doc("Overrun policy and fiscal year start month", { ok: r.budgetSettingsResponseSchema })),
    async (c) => c.json(await s.readSettings(c.get("deps").db)),
  )
  .put(
    "/api/budgets/settings",
    allow(
      "budgets.manage",
      doc("Set the overrun policy and the fiscal year start month (for budgets saved after)", {
        ok: r.budgetSettingsResponseSchema,
      }),
    ),
    validate("json", budgetSettingsSchema),
    async (c) => {
      const v = c.req.valid("json");
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        const before = await s.readSettings(tx);
        await s.writeSettings(tx, v, c.get("user")!.id);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "setting",
          entityId: "budgets",
          metadata: { changes: { from: before, to: v } },
        });
      });
      return c.json(await s.readSettings(db));
    },
  )
  .get(
    "/api/budgets/effect/:purchaseRequestId",
    allow(
      "budgets.view",
      doc("What approving a request does to its budgets: remaining before and after, overrun", {
        ok: r.budgetEffectResponseSchema,
      }),
    ),
    validate("param", prParamSchema),
    async (c) => {
      const effect = await s.requestEffect(c.get("deps").db, c.req.valid("param").purchaseRequestId);
      return c.json(conforming(r.budgetEffectResponseSchema, orNotFound(effect, "purchaseRequests.notFound")));
    },
  )
  .get(
    "/api/budgets/:id",
    allow(
      "budgets.view",
      doc("One budget with its figures and the requests and orders behind them", {
        ok: r.budgetDetailResponseSchema,
      }),
    ),
    ...withId(async (c, id) => {
      const b = orNotFound(await s.budgetDetail(c.get("deps").db, id), "budgets.notFound");
      return c.json(conforming(r.budgetDetailResponseSchema, b));
    }),
  )
  .post(
    "/api/budgets",
    allow(
      "budgets.manage",
      doc("Create a budget for a department and/or category and a fiscal year or quarter", {
        ok: r.budgetDetailResponseSchema,
        status: 201,
        errors: [409],
      }),
    ),
    validate("json", budgetSchema),
    async (c) => {
      const { db } = c.get("deps");
      const w = await toWrite(db, c.req.valid("json"));
      const id = await unique(() =>
        db.tx(async (tx) => {
          const id = await q.insertBudget(tx, w, c.get("user")!.id);
          await audit(tx, c, { action: "CREATE", entityType: "budget", entityId: id, metadata: { ...w } });
          return id;
        })
      );
      return c.json(await s.budgetDetail(db, id), 201);
    },
  )
  .put(
    "/api/budgets/:id",
    allow(
      "budgets.manage",
      doc("Edit a budget; needs the version read", { ok: r.budgetDetailResponseSchema, errors: [409] }),
    ),
    ...withIdAndJson(budgetUpdateSchema, async (c, id) => {
      const v = c.req.valid("json");
      const { db } = c.get("deps");
      const w = await toWrite(db, v);
      await unique(() =>
        db.tx(async (tx) => {
          const cur = await q.getBudget(tx, id, true);
          if (!cur) throw new NotFound("budgets.notFound");
          if (cur.version !== v.version) throw new Conflict("budgets.stale");
          await q.updateBudget(tx, id, w);
          await audit(tx, c, {
            action: "UPDATE",
            entityType: "budget",
            entityId: id,
            metadata: {
              changes: {
                amount: { from: cur.amount, to: w.amount },
                scope: {
                  from: [cur.department, cur.categoryId, cur.periodStart, cur.periodEnd],
                  to: [w.department, w.categoryId, w.periodStart, w.periodEnd],
                },
              },
            },
          });
        })
      );
      return c.json(await s.budgetDetail(db, id));
    }),
  )
  .delete(
    "/api/budgets/:id",
    allow(
      "budgets.manage",
      doc("Delete a budget (its requests and orders are not touched)", { status: 204, errors: [409] }),
    ),
    ...withId(async (c, id) => {
      await c.get("deps").db.tx(async (tx) => {
        const cur = await q.getBudget(tx, id, true);
        if (!cur) throw new NotFound("budgets.notFound");
        await q.deleteBudget(tx, id);
        await audit(tx, c, {
          action: "DELETE",
          entityType: "budget",
          entityId: id,
          metadata: {
            department: cur.department,
            categoryId: cur.categoryId,
            period: cur.periodStart,
            amount: cur.amount,
          },
        });
      });
      return c.body(null, 204);
    }),
  );
