/**
 * Vendors: self-registration (with the license file), admin review, the onboarding link that sets
 * the password, and the vendor's category subscriptions.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { allow, publicRoute } from "../../auth/guard.ts";
import { hashPassword } from "../../auth/password.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { parseWith, readJsonOrMultipart } from "../../lib/body.ts";
import { clientIp } from "../../lib/client.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { setUserLanguage } from "../../notify/queries.ts";
import { storeFile } from "../../files/storage.ts";
import { hasPermission } from "../../shared/permissions.ts";
import { setPasswordSchema } from "../../shared/schemas/auth.ts";
import { categoryIdsSchema } from "../../shared/schemas/categories.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { BUSINESS_LICENSE_FIELD, vendorRegistrationSchema } from "../../shared/schemas/vendor-registration.ts";
import * as q from "./queries.ts";

export const SET_PASSWORD_HOURS = 72;
/** The spec's client sends categories in a second call right after registering, still signed out. */
const FOLLOW_UP_MINUTES = 30;
const DUPLICATE_EMAIL = "vendors.duplicateEmail";

const reviewSchema = z.object({
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
  reason: z.string().trim().max(1000, "Reason is too long").optional(),
});
const pendingQuerySchema = z.object({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

function appUrl(c: Context<AppEnv>) {
  return c.get("deps").config.publicUrl ?? new URL(c.req.url).origin;
}

async function validCategoryIds(c: Context<AppEnv>, ids: number[]) {
  const unique = [...new Set(ids)];
  const { db } = c.get("deps");
  const found = await db.query<{ id: number }>("select id from categories where id = any($1::int[]) and is_active", [
    unique,
  ]);
  if (found.length !== unique.length) {
    throw new BadRequest("categories.unknown", [{
      path: "categoryIds",
      message: "One or more categories do not exist",
    }]);
  }
  return unique;
}

export const vendorRoutes = new Hono<AppEnv>()
  .post(
    "/api/vendor/register",
    publicRoute({
      tags: ["vendors"],
      summary: "Vendor self-registration: multipart (fields, repeated categoryIds, businessLicense file) or JSON",
    }),
    async (c) => {
      const { fields, files } = await readJsonOrMultipart(c);
      if (fields.categoryIds !== undefined && !Array.isArray(fields.categoryIds)) {
        fields.categoryIds = [fields.categoryIds];
      }
      // The spec's JSON client registers first and sends categories in a second call.
      const isJson = !Object.keys(files).length && (c.req.header("content-type") ?? "").startsWith("application/json");
      const body = parseWith(
        isJson
          ? vendorRegistrationSchema.extend({ categoryIds: vendorRegistrationSchema.shape.categoryIds.optional() })
          : vendorRegistrationSchema,
        fields,
      );
      const categoryIds = body.categoryIds?.length ? await validCategoryIds(c, body.categoryIds) : [];
      const license = files[BUSINESS_LICENSE_FIELD]?.[0];
      const licenseBytes = license ? new Uint8Array(await license.arrayBuffer()) : undefined;
      const licenseUrl = typeof fields.businessLicenseUrl === "string" ? fields.businessLicenseUrl.slice(0, 300) : null;
      const email = body.email.toLowerCase();
      const { db } = c.get("deps");
      const id = await db.tx(async (tx) => {
        if ((await tx.query("select 1 from users where email = $1", [email])).length) {
          throw new Conflict(DUPLICATE_EMAIL);
        }
        const id = await q.insertVendorUser(tx, { ...body, email });
        await setUserLanguage(tx, id, body.language);
        const file = license && licenseBytes
          ? await storeFile(tx, {
            ownerUserId: id,
            filename: license.name,
            bytes: licenseBytes,
            purpose: "business_license",
            allowed: ["pdf", "jpeg", "png"],
          }, c.get("deps").objectStore)
          : undefined;
        await q.insertVendorProfile(tx, { userId: id, ...body, licenseFileId: file?.id ?? null, licenseUrl });
        if (categoryIds.length) await q.replaceVendorCategories(tx, id, categoryIds);
        await audit(tx, c, {
          action: "CREATE",
          entityType: "vendor",
          entityId: id,
          userId: null,
          metadata: { companyName: body.companyName, email, categoryIds, licenseFileId: file?.id ?? null },
        });
        return id;
      });
      return c.json({ id, status: "pending", message: "Your vendor registration has been submitted for review." }, 201);
    },
  )
  .put(
    "/api/vendor/:id/categories",
    publicRoute({
      tags: ["vendors"],
      summary:
        "Set a vendor's categories: right after registration (same client, 30 min), by the vendor, or by an admin",
    }),
    validate("param", idParamSchema),
    validate("json", categoryIdsSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const ids = await validCategoryIds(c, c.req.valid("json").categoryIds);
      const { db } = c.get("deps");
      const me = c.get("user");
      await db.tx(async (tx) => {
        const vendor = await q.lockVendor(tx, id);
        if (!vendor) throw new NotFound("vendors.notFound");
        const isSelf = me?.id === id;
        const isAdmin = !!me && hasPermission(me.role, "vendors.edit");
        const justRegistered = !me && vendor.status === "pending" &&
          Date.now() - vendor.createdAt.getTime() < FOLLOW_UP_MINUTES * 60_000 &&
          (await q.registrationIp(tx, id)) === clientIp(c);
        if (!isSelf && !isAdmin && !justRegistered) {
          if (!me) throw new Forbidden("vendors.signInToChangeCategories");
          throw new Forbidden("vendors.ownCategoriesOnly");
        }
        await q.replaceVendorCategories(tx, id, ids);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "vendor",
          entityId: id,
          userId: me?.id ?? null,
          metadata: { categoryIds: ids },
        });
      });
      return c.json(await q.vendorCategoryIds(db, id));
    },
  )
  .get(
    "/api/vendor/categories",
    allow("vendor_profile.categories", { tags: ["vendors"], summary: "The signed-in vendor's category subscriptions" }),
    async (c) => c.json(await q.vendorCategoryIds(c.get("deps").db, c.get("user")!.id)),
  )
  .put(
    "/api/vendor/categories",
    allow("vendor_profile.categories", {
      tags: ["vendors"],
      summary: "Replace the signed-in vendor's category subscriptions",
    }),
    validate("json", categoryIdsSchema),
    async (c) => {
      const me = c.get("user")!;
      const ids = await validCategoryIds(c, c.req.valid("json").categoryIds);
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        const before = (await q.vendorCategoryIds(tx, me.id)).map((r) => r.categoryId);
        await q.replaceVendorCategories(tx, me.id, ids);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "vendor_categories",
          entityId: me.id,
          metadata: { changes: { categoryIds: { from: before, to: ids } } },
        });
      });
      return c.json(await q.vendorCategoryIds(db, me.id));
    },
  )
  .get(
    "/api/admin/vendors/pending",
    allow("vendors.view", {
      tags: ["vendors"],
      summary: "Vendor applications (pending by default; ?status= for others)",
    }),
    validate("query", pendingQuerySchema),
    async (c) => {
      const { status, limit, offset } = c.req.valid("query");
      return c.json(await q.listApplications(c.get("deps").db, status, limit, offset));
    },
  )
  .get(
    "/api/admin/vendor-stats",
    allow("vendors.view", { tags: ["vendors"], summary: "Counts of pending, approved and rejected vendors" }),
    async (c) => c.json(await q.vendorStats(c.get("deps").db)),
  )
  .get(
    "/api/admin/vendors/:id",
    allow("vendors.view", { tags: ["vendors"], summary: "One vendor application" }),
    validate("param", idParamSchema),
    async (c) => {
      const app = await q.getApplication(c.get("deps").db, c.req.valid("param").id);
      if (!app) throw new NotFound("vendors.notFound");
      return c.json(app);
    },
  )
  .patch(
    "/api/admin/vendors/:id/status",
    allow("vendors.approve", {
      tags: ["vendors"],
      summary: "Approve (emails a set-password link) or reject (emails the reason) a pending application",
    }),
    validate("param", idParamSchema),
    validate("json", reviewSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { status, reason } = c.req.valid("json");
      const me = c.get("user")!;
      if (status === "rejected" && !hasPermission(me.role, "vendors.reject")) {
        throw new Forbidden("generic.missingPermission", { requiredPermission: "vendors.reject" }, {
          permission: "vendors.reject",
        });
      }
      const { db } = c.get("deps");
      const token = randomToken();
      await db.tx(async (tx) => {
        const vendor = await q.lockVendor(tx, id);
        if (!vendor) throw new NotFound("vendors.notFound");
        if (vendor.status !== "pending") throw new Conflict("vendors.alreadyDecided", { status: vendor.status });
        await q.setVendorStatus(tx, id, status, me.id, status === "rejected" ? reason || "" : null);
        const app = (await q.getApplication(tx, id))!;
        const s = await getSettings(tx, ["vendor_approval_notifications_enabled", "email_notifications_enabled"]);
        // In the language the vendor chose at registration.
        const who = { contactPerson: app.contactPerson, companyName: app.companyName };
        if (status === "approved") {
          await q.insertToken(tx, id, await sha256Hex(token), SET_PASSWORD_HOURS);
          // The set-password link is the only way in, so it is sent even when approval notices are off.
          await enqueueTemplated(tx, {
            to: app.email,
            template: "vendor_approved",
            values: {
              ...who,
              hours: SET_PASSWORD_HOURS,
              link: `${appUrl(c)}/set-password?token=${encodeURIComponent(token)}`,
            },
          });
        } else if (isOn(s.vendor_approval_notifications_enabled) && isOn(s.email_notifications_enabled)) {
          await enqueueTemplated(tx, {
            to: app.email,
            template: "vendor_rejected",
            values: { ...who, reason: reason ?? "" },
          });
        }
        await audit(tx, c, {
          action: status === "approved" ? "APPROVE" : "REJECT",
          entityType: "vendor",
          entityId: id,
          metadata: { changes: { status: { from: "pending", to: status } }, reason: reason ?? null },
        });
      });
      return c.json(await q.getApplication(db, id));
    },
  )
  .post(
    "/api/auth/set-password",
    publicRoute({ tags: ["auth"], summary: "Set a password with a one-time link token (vendor onboarding)" }),
    validate("json", setPasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid("json");
      const passwordHash = await hashPassword(password);
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        const found = await q.consumeToken(tx, await sha256Hex(token));
        if (!found) {
          throw new BadRequest("vendors.invalidLink", [{
            path: "token",
            message: "This link is invalid or has expired",
          }]);
        }
        await tx.query(
          `update users set password_hash = $2, must_change_password = false, token_version = token_version + 1,
              updated_at = now() where id = $1`,
          [found.userId, passwordHash],
        );
        await audit(tx, c, {
          action: "PASSWORD_CHANGE",
          entityType: "user",
          entityId: found.userId,
          userId: found.userId,
          metadata: { via: "set_password_link" },
        });
      });
      return c.json({ message: "Password set. You can now sign in." });
    },
  )
  .get(
    "/api/vendor/profile",
    allow("vendor_profile.view", { tags: ["vendors"], summary: "The signed-in vendor's company profile" }),
    async (c) => {
      const me = c.get("user")!;
      return c.json(await q.getApplication(c.get("deps").db, me.id));
    },
  );
