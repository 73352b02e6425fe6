/** Administrator user management (spec: User Management) and admin dashboard stats. */
import { Hono } from "hono";
import type { Context } from "hono";
import { allow } from "../../auth/guard.ts";
import { hashPassword } from "../../auth/password.ts";
import { audit, diff } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import type { Queryable } from "../../db/types.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
import { ROLES } from "../../shared/roles.ts";
import {
  createUserSchema,
  listUsersQuerySchema,
  updateRoleSchema,
  updateStatusSchema,
  updateUserSchema,
} from "../../shared/schemas/users.ts";
import * as q from "./queries.ts";
import * as r from "../../shared/schemas/responses/users.ts";

const VENDOR_ROLE_ID = 5;
const ADMIN_ROLE_ID = 1;
export const DUPLICATE_EMAIL = "users.duplicateEmail";

const TEMP_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
/** A random one-time password (spec's fixed one replaced); 12 characters, about 70 bits. */
export function temporaryPassword(length = 12): string {
  const out: string[] = [];
  const buf = new Uint8Array(1);
  while (out.length < length) {
    crypto.getRandomValues(buf);
    if (buf[0] < 256 - (256 % TEMP_ALPHABET.length)) out.push(TEMP_ALPHABET[buf[0] % TEMP_ALPHABET.length]);
  }
  return out.join("");
}

/** Locks the active admins and re-checks, under the lock, that the caller is still one of them. */
async function lockAdminsAsAdmin(tx: Queryable, c: Context<AppEnv>) {
  const admins = await q.lockActiveAdmins(tx);
  // Another admin may have just demoted or deactivated the caller.
  if (!admins.some((a) => a.id === c.get("user")!.id)) throw new Forbidden("users.noLongerAdmin");
  return admins;
}

async function userOr404(c: Context<AppEnv>, id: number) {
  const user = await q.getUser(c.get("deps").db, id);
  if (!user) throw new NotFound("users.notFound");
  return user;
}

type LockedUser = NonNullable<Awaited<ReturnType<typeof q.lockUser>>>;

/**
 * One audited change of a user's role or active flag, under the admins' lock (the last-admin rules):
 * 404 for no such user, nothing when the value is already so; `check` refuses or answers the write.
 * Answers the user as it now is.
 */
async function changeUser<K extends "roleId" | "isActive">(
  c: Context<AppEnv>,
  id: number,
  field: K,
  to: LockedUser[K],
  action: "ROLE_CHANGE" | "STATUS_CHANGE",
  check: (target: LockedUser, admins: unknown[]) => (tx: Queryable) => Promise<void>,
) {
  await c.get("deps").db.tx(async (tx) => {
    const admins = await lockAdminsAsAdmin(tx, c);
    const target = await q.lockUser(tx, id);
    if (!target) throw new NotFound("users.notFound");
    if (target[field] === to) return;
    await check(target, admins)(tx);
    await audit(tx, c, {
      action,
      entityType: "user",
      entityId: id,
      metadata: { changes: { [field]: { from: target[field], to } } },
    });
  });
  return c.json(await userOr404(c, id));
}

export const userRoutes = new Hono<AppEnv>()
  .get(
    "/api/admin/users",
    allow("users.view", {
      tags: ["users"],
      summary: "List users (X-Total-Count header carries the total)",
      ok: r.userListSchema,
    }),
    validate("query", listUsersQuerySchema),
    async (c) => {
      const { items, total } = await q.listUsers(c.get("deps").db, c.req.valid("query"));
      c.header("X-Total-Count", String(total));
      return c.json(items);
    },
  )
  .get(
    "/api/roles",
    allow("users.view", { tags: ["users"], summary: "List roles", ok: r.roleListSchema }),
    (c) => c.json(ROLES.map(({ id, name, displayName }) => ({ id, name, displayName }))),
  )
  .get(
    "/api/admin/stats",
    allow("users.view", { tags: ["users"], summary: "Admin dashboard counts", ok: r.adminStatsSchema }),
    async (c) => c.json(await q.adminStats(c.get("deps").db)),
  )
  .post(
    "/api/admin/users",
    allow("users.create", {
      tags: ["users"],
      summary: "Create a staff user (must change the password at first sign-in)",
      ok: r.userResponseSchema,
      status: 201,
      errors: [409],
    }),
    validate("json", createUserSchema),
    async (c) => {
      const body = c.req.valid("json");
      if (body.roleId === VENDOR_ROLE_ID) {
        throw new BadRequest("users.vendorViaRegistration", [
          { path: "roleId", message: "Vendor accounts are created through vendor registration" },
        ]);
      }
      const passwordHash = await hashPassword(body.password);
      const { db } = c.get("deps");
      const id = await db.tx(async (tx) => {
        if (await q.emailTaken(tx, body.email)) throw new Conflict(DUPLICATE_EMAIL);
        const id = await q.insertUser(tx, { ...body, passwordHash });
        await audit(tx, c, {
          action: "CREATE",
          entityType: "user",
          entityId: id,
          metadata: { firstName: body.firstName, lastName: body.lastName, email: body.email, roleId: body.roleId },
        });
        return id;
      });
      return c.json(await q.getUser(db, id), 201);
    },
  )
  .put(
    "/api/admin/users/:id",
    allow("users.edit", {
      tags: ["users"],
      summary: "Edit a user's name and email; optional new password",
      ok: r.userResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(updateUserSchema, async (c, id) => {
      const body = c.req.valid("json");
      const before = await userOr404(c, id);
      const newHash = body.newPassword ? await hashPassword(body.newPassword) : undefined;
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        if (!(await q.lockUser(tx, id))) throw new NotFound("users.notFound");
        if (await q.emailTaken(tx, body.email, id)) throw new Conflict(DUPLICATE_EMAIL);
        await q.updateUserFields(tx, id, body);
        // A password chosen by someone else is temporary: the user must replace it at next sign-in.
        if (newHash) await q.setPassword(tx, id, newHash, id !== c.get("user")!.id);
        const changes = diff(before, { firstName: body.firstName, lastName: body.lastName, email: body.email });
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "user",
          entityId: id,
          metadata: { changes, passwordChanged: !!newHash },
        });
      });
      return c.json(await q.getUser(db, id));
    }),
  )
  .put(
    "/api/admin/users/:id/role",
    allow("users.edit", {
      tags: ["users"],
      summary: "Change a user's role (ends their sessions)",
      ok: r.userResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(updateRoleSchema, async (c, id) => {
      const { roleId } = c.req.valid("json");
      return await changeUser(c, id, "roleId", roleId, "ROLE_CHANGE", (target, admins) => {
        if ((target.roleId === VENDOR_ROLE_ID) !== (roleId === VENDOR_ROLE_ID)) {
          throw new Conflict("users.vendorRoleChange");
        }
        if (target.roleId === ADMIN_ROLE_ID && id === c.get("user")!.id) {
          throw new Conflict("users.cannotChangeOwnAdminRole");
        }
        if (target.roleId === ADMIN_ROLE_ID && target.isActive && admins.length <= 1) {
          throw new Conflict("users.lastAdminDemote");
        }
        return (tx) => q.setRole(tx, id, roleId);
      });
    }),
  )
  .put(
    "/api/admin/users/:id/status",
    allow("users.edit", {
      tags: ["users"],
      summary: "Activate or deactivate a user (deactivation ends their sessions)",
      ok: r.userResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(updateStatusSchema, async (c, id) => {
      const { isActive } = c.req.valid("json");
      return await changeUser(c, id, "isActive", isActive, "STATUS_CHANGE", (target, admins) => {
        if (!isActive && id === c.get("user")!.id) throw new Conflict("users.cannotDeactivateSelf");
        if (!isActive && target.roleId === ADMIN_ROLE_ID && admins.length <= 1) {
          throw new Conflict("users.lastAdminDeactivate");
        }
        return (tx) => q.setActive(tx, id, isActive);
      });
    }),
  )
  .post(
    "/api/admin/users/:id/reset-password",
    allow("users.reset_password", {
      tags: ["users"],
      summary: "Reset to a random temporary password, shown once; the user must change it at next sign-in",
      ok: r.temporaryPasswordSchema,
    }),
    ...withId(async (c, id) => {
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      await c.get("deps").db.tx(async (tx) => {
        if (!(await q.lockUser(tx, id))) throw new NotFound("users.notFound");
        await q.setPassword(tx, id, passwordHash, true);
        await audit(tx, c, { action: "PASSWORD_RESET", entityType: "user", entityId: id });
      });
      c.header("Cache-Control", "no-store");
      return c.json({ temporaryPassword: password });
    }),
  );
