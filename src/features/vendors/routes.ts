/**
 * Vendors: self-registration (with the license file), admin review, the onboarding link that sets
 * the password, and the vendor's category subscriptions.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { allow, publicRoute } from "../../auth/guard.ts";
import { hashPassword } from "../../auth/password.ts";
import { capBody, limitPublicWrite, PUBLIC_JSON_MAX_BYTES } from "../../auth/public-limits.ts";
import { releaseAttempt, reserveAttempt, tokenKeys } from "../../auth/throttle.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests } from "../../lib/errors.ts";
import { parseWith, readJsonOrMultipart } from "../../lib/body.ts";
import { clientIp } from "../../lib/client.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { setUserLanguage } from "../../notify/queries.ts";
import { enqueueEmail } from "../../notify/outbox.ts";
import { storeFile } from "../../files/storage.ts";
import { hasPermission } from "../../shared/permissions.ts";
import { setPasswordSchema } from "../../shared/schemas/auth.ts";
import { categoryIdsSchema } from "../../shared/schemas/categories.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { BUSINESS_LICENSE_FIELD, vendorRegistrationSchema } from "../../shared/schemas/vendor-registration.ts";
import * as q from "./queries.ts";

export const SET_PASSWORD_HOURS = 72;
/**
 * The spec's client sends categories in a second call right after registering, still signed out:
 * the registration answer carries a token that allows exactly that, for this long.
 */
const FOLLOW_UP_MINUTES = 30;
/** A license is at most 10 MB; the fields and multipart framing need far less than the extra. */
const REGISTRATION_MAX_BYTES = 10 * 1024 * 1024 + 256 * 1024;
const REGISTERED = "Your vendor registration has been submitted for review.";

/** JSON registrations carry no file: they get the small public cap; multipart ones room for the license. */
const registrationBodyCap = capBody(REGISTRATION_MAX_BYTES);
const registrationJsonCap = capBody(PUBLIC_JSON_MAX_BYTES);

const followUpSchema = z.object({
  registrationToken: z.string({ error: "registrationToken is required" }).min(20).max(100),
  categoryIds: categoryIdsSchema.shape.categoryIds,
});

function isUniqueViolation(e: unknown) {
  return !!e && typeof e === "object" && (e as { code?: unknown }).code === "23505";
}

function invalidLink() {
  return new BadRequest("vendors.invalidLink", [{ path: "token", message: "This link is invalid or has expired" }]);
}

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
    (c, next) =>
      (c.req.header("content-type") ?? "").startsWith("application/json")
        ? registrationJsonCap(c, next)
        : registrationBodyCap(c, next),
    async (c) => {
      // The address's budget is taken before the (possibly 10 MB) body is even read.
      await limitPublicWrite(c, "registration");
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
      const registrationToken = randomToken();
      const tokenHash = await sha256Hex(registrationToken);
      // The same answer whether or not the email is known (no account discovery); the owner of an
      // existing account learns of the attempt by email instead.
      const alreadyRegistered = async () => {
        await db.tx(async (tx) => {
          await q.insertRegistrationToken(tx, tokenHash, null, FOLLOW_UP_MINUTES);
          await enqueueEmail(tx, {
            to: email,
            subject: "Someone tried to register with your email address",
            body: `Someone tried to register a vendor account with ${email} at ${appUrl(c)}.\n` +
              `An account with this email address already exists, so nothing was changed.\n\n` +
              `If this was you, sign in at ${appUrl(c)}/login instead. If it was not, you can ignore this email.\n`,
          });
        });
        return c.json({ status: "pending", message: REGISTERED, registrationToken }, 201);
      };
      if ((await db.query("select 1 from users where email = $1", [email])).length) return await alreadyRegistered();
      try {
        await db.tx(async (tx) => {
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
          await q.insertRegistrationToken(tx, tokenHash, id, FOLLOW_UP_MINUTES);
          await audit(tx, c, {
            action: "CREATE",
            entityType: "vendor",
            entityId: id,
            userId: null,
            metadata: { companyName: body.companyName, email, categoryIds, licenseFileId: file?.id ?? null },
          });
        });
      } catch (e) {
        // The same email registered in parallel: the other registration won.
        if (isUniqueViolation(e)) return await alreadyRegistered();
        throw e;
      }
      return c.json({ status: "pending", message: REGISTERED, registrationToken }, 201);
    },
  )
  .put(
    "/api/vendor/register/categories",
    publicRoute({
      tags: ["vendors"],
      summary: "Right after registering: set the new vendor's categories with the registration's token (30 min)",
    }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", followUpSchema),
    async (c) => {
      const { registrationToken, categoryIds } = c.req.valid("json");
      const ids = await validCategoryIds(c, categoryIds);
      const { db } = c.get("deps");
      const result = await db.tx(async (tx) => {
        const found = await q.findRegistrationToken(tx, await sha256Hex(registrationToken));
        if (!found) throw new Forbidden("vendors.signInToChangeCategories");
        // The decoy of an already registered email: answer as if it worked, change nothing.
        if (found.vendorId === null) return null;
        const vendor = await q.lockVendor(tx, found.vendorId);
        if (!vendor || vendor.status !== "pending") throw new Forbidden("vendors.signInToChangeCategories");
        await q.replaceVendorCategories(tx, found.vendorId, ids);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "vendor",
          entityId: found.vendorId,
          userId: null,
          metadata: { categoryIds: ids },
        });
        return await q.vendorCategoryIds(tx, found.vendorId);
      });
      return c.json(result ?? await q.categoryIdsByName(db, ids));
    },
  )
  .put(
    "/api/vendor/:id/categories",
    publicRoute({
      tags: ["vendors"],
      summary:
        "Set a vendor's categories: by the vendor or an admin (right after registration: PUT /api/vendor/register/categories)",
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
        if (!isSelf && !isAdmin) {
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
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", setPasswordSchema),
    async (c) => {
      await limitPublicWrite(c, "set-password");
      const { token, password } = c.req.valid("json");
      const { db } = c.get("deps");
      // Guessing tokens is throttled per address like passwords; the attempt is reserved first.
      const keys = tokenKeys(clientIp(c));
      const reservation = await reserveAttempt(db, keys);
      if (!reservation.ok) throw new TooManyRequests("auth.rateLimited", reservation.wait);
      const tokenHash = await sha256Hex(token);
      // The cheap check first: an unknown or used token costs one lookup, never a password hash.
      if (!(await q.findUsableToken(db, tokenHash))) throw invalidLink();
      const passwordHash = await hashPassword(password);
      await db.tx(async (tx) => {
        const found = await q.consumeToken(tx, tokenHash);
        if (!found) throw invalidLink();
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
      await releaseAttempt(db, keys);
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
