/** Item categories: public list (registration needs it), admin create / edit / delete, each its own permission. */
import { Hono } from "hono";
import { allow, publicRoute } from "../../auth/guard.ts";
import { audit, auditUpdate } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Conflict, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
import { hasPermission } from "../../shared/permissions.ts";
import { categorySchema } from "../../shared/schemas/categories.ts";
import * as q from "./queries.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

const DUPLICATE = "categories.duplicateName";

export const categoryRoutes = new Hono<AppEnv>()
  .get(
    "/api/categories",
    publicRoute({
      tags: ["categories"],
      summary: "Categories: active ones for everyone, all of them for staff who manage them",
      ok: r.categoryListSchema,
    }),
    async (c) => {
      const user = c.get("user");
      const all = !!user && hasPermission(user.role, "categories.edit");
      return c.json(await q.listCategories(c.get("deps").db, all));
    },
  )
  .post(
    "/api/categories",
    allow("categories.create", {
      tags: ["categories"],
      summary: "Create a category",
      ok: r.categoryRowSchema,
      status: 201,
      errors: [409],
    }),
    validate("json", categorySchema),
    async (c) => {
      const { name, description } = c.req.valid("json");
      const { db } = c.get("deps");
      const id = await db.tx(async (tx) => {
        if (await q.nameTaken(tx, name)) throw new Conflict(DUPLICATE);
        const id = await q.insertCategory(tx, name, description);
        await audit(tx, c, { action: "CREATE", entityType: "category", entityId: id, metadata: { name, description } });
        return id;
      });
      return c.json(await q.getCategory(db, id), 201);
    },
  )
  .put(
    "/api/categories/:id",
    allow("categories.edit", {
      tags: ["categories"],
      summary: "Edit a category (name, description, active)",
      ok: r.categoryRowSchema,
      errors: [409],
    }),
    ...withIdAndJson(categorySchema, async (c, id) => {
      const body = c.req.valid("json");
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        const before = await q.getCategory(tx, id);
        if (!before) throw new NotFound("categories.notFound");
        if (await q.nameTaken(tx, body.name, id)) throw new Conflict(DUPLICATE);
        await q.updateCategory(tx, id, body);
        await auditUpdate(tx, c, { type: "category", id: id }, before, body);
      });
      return c.json(await q.getCategory(db, id));
    }),
  )
  .delete(
    "/api/categories/:id",
    allow("categories.delete", {
      tags: ["categories"],
      summary: "Delete an unused category (409 when in use: deactivate it instead)",
      status: 204,
      errors: [409],
    }),
    ...withId(async (c, id) => {
      await c.get("deps").db.tx(async (tx) => {
        const before = await q.getCategory(tx, id);
        if (!before) throw new NotFound("categories.notFound");
        const use = await q.categoryUsage(tx, id);
        if (use.vendors + use.requests + use.bids > 0) {
          throw new Conflict("categories.inUse", { vendors: use.vendors, requests: use.requests, bids: use.bids });
        }
        await q.deleteCategory(tx, id);
        await audit(tx, c, { action: "DELETE", entityType: "category", entityId: id, metadata: { name: before.name } });
      });
      return c.body(null, 204);
    }),
  );
