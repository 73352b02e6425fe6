/**
 * Vendors: self-registration (with the license file), admin review, the onboarding link that sets
 * the password, and the vendor's category subscriptions. The rules live in service.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { actorOf } from "../../audit/audit.ts";
import { signedInActor } from "../../auth/actor.ts";
import { allow, publicRoute } from "../../auth/guard.ts";
import { hashPassword } from "../../auth/password.ts";
import { capBody, limitPublicWrite, PUBLIC_JSON_MAX_BYTES } from "../../auth/public-limits.ts";
import { releaseAttempt, reserveAttempt, tokenKeys } from "../../auth/throttle.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { NotFound, TooManyRequests } from "../../lib/errors.ts";
import { parseWith, readJsonOrMultipart } from "../../lib/body.ts";
import { clientIp } from "../../lib/client.ts";
import { validate } from "../../lib/validate.ts";
import { withIdAndJson } from "../../lib/with-id.ts";
import { pageStart, setPageHeaders } from "../../lib/list-page.ts";
import { setPasswordSchema } from "../../shared/schemas/auth.ts";
import { categoryIdsSchema } from "../../shared/schemas/categories.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { BUSINESS_LICENSE_FIELD, vendorRegistrationSchema } from "../../shared/schemas/vendor-registration.ts";
import * as q from "./queries.ts";
import * as s from "./service.ts";
import * as r from "../../shared/schemas/responses/auth.ts";
import { messageSchema } from "../../shared/schemas/responses/common.ts";

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

const reviewSchema = z.object({
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
  reason: z.string().trim().max(1000, "Reason is too long").optional(),
});
const pendingQuerySchema = z.object({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** Keyset paging: the X-Next-Cursor of the page before (deep pages; offsets stop at 10,000). */
  after: z.string().max(120).optional(),
});

function appUrl(c: Context<AppEnv>) {
  return c.get("deps").config.publicUrl ?? new URL(c.req.url).origin;
}

export const vendorRoutes = new Hono<AppEnv>()
  .post(
    "/api/vendor/register",
    publicRoute({
      tags: ["vendors"],
      summary: "Vendor self-registration: multipart (fields, repeated categoryIds, businessLicense file) or JSON",
      ok: r.vendorRegisteredSchema,
      status: 201,
      errors: [409, 413, 415, 429],
      body: vendorRegistrationSchema,
      alsoJson: true,
      multipart: vendorRegistrationSchema.extend({ businessLicense: z.file().optional() }),
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
      const { db, objectStore } = c.get("deps");
      const categoryIds = body.categoryIds?.length ? await s.validCategoryIds(db, body.categoryIds) : [];
      const license = files[BUSINESS_LICENSE_FIELD]?.[0];
      const registrationToken = await s.register(db, { objectStore, appUrl: appUrl(c), audit: actorOf(c) }, {
        body: { ...body, email: body.email.toLowerCase() },
        categoryIds,
        license: license ? { name: license.name, bytes: new Uint8Array(await license.arrayBuffer()) } : undefined,
        licenseUrl: typeof fields.businessLicenseUrl === "string" ? fields.businessLicenseUrl.slice(0, 300) : null,
      });
      return c.json({ status: "pending", message: REGISTERED, registrationToken }, 201);
    },
  )
  .put(
    "/api/vendor/register/categories",
    publicRoute({
      tags: ["vendors"],
      summary: "Right after registering: set the new vendor's categories with the registration's token (30 min)",
      ok: r.vendorCategoryIdsSchema,
      errors: [429],
    }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", followUpSchema),
    async (c) => {
      const { registrationToken, categoryIds } = c.req.valid("json");
      return c.json(
        await s.setCategoriesAfterRegistration(c.get("deps").db, actorOf(c), registrationToken, categoryIds),
      );
    },
  )
  .put(
    "/api/vendor/:id/categories",
    publicRoute({
      tags: ["vendors"],
      summary:
        "Set a vendor's categories: by the vendor or an admin (right after registration: PUT /api/vendor/register/categories)",
      ok: r.vendorCategoryIdsSchema,
    }),
    ...withIdAndJson(categoryIdsSchema, async (c, id) => {
      const { categoryIds } = c.req.valid("json");
      return c.json(await s.setVendorCategories(c.get("deps").db, actorOf(c), c.get("user"), id, categoryIds));
    }),
  )
  .get(
    "/api/vendor/categories",
    allow("vendor_profile.categories", {
      tags: ["vendors"],
      summary: "The signed-in vendor's category subscriptions",
      ok: r.vendorCategoryIdsSchema,
    }),
    async (c) => c.json(await q.vendorCategoryIds(c.get("deps").db, c.get("user")!.id)),
  )
  .put(
    "/api/vendor/categories",
    allow("vendor_profile.categories", {
      tags: ["vendors"],
      summary: "Replace the signed-in vendor's category subscriptions",
      ok: r.vendorCategoryIdsSchema,
    }),
    validate("json", categoryIdsSchema),
    async (c) => {
      const { categoryIds } = c.req.valid("json");
      return c.json(await s.replaceOwnCategories(c.get("deps").db, signedInActor(c), categoryIds));
    },
  )
  .get(
    "/api/admin/vendors/pending",
    allow("vendors.view", {
      tags: ["vendors"],
      summary:
        "Vendor applications, oldest first (pending by default; ?status= for others); X-Total-Count (exact up to 10,000, then X-Total-Count-Capped), deep pages with ?after= from X-Next-Cursor (offset at most 10,000)",
      ok: r.vendorApplicationListSchema,
    }),
    validate("query", pendingQuerySchema),
    async (c) => {
      const { status, limit, after, offset } = c.req.valid("query");
      const page = await q.listApplications(c.get("deps").db, { status, limit, ...pageStart({ after, offset }) });
      setPageHeaders(c, page);
      return c.json(page.items);
    },
  )
  .get(
    "/api/admin/vendor-stats",
    allow("vendors.view", {
      tags: ["vendors"],
      summary: "Counts of pending, approved and rejected vendors",
      ok: r.vendorStatsSchema,
    }),
    async (c) => c.json(await q.vendorStats(c.get("deps").db)),
  )
  .get(
    "/api/admin/vendors/:id",
    allow("vendors.view", { tags: ["vendors"], summary: "One vendor application", ok: r.vendorApplicationSchema }),
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
      ok: r.vendorApplicationSchema,
      errors: [409],
    }),
    ...withIdAndJson(reviewSchema, async (c, id) => {
      const { db, secrets } = c.get("deps");
      const link = { appUrl: appUrl(c), key: secrets.keyFor("outbox-links") };
      return c.json(await s.review(db, signedInActor(c), link, id, c.req.valid("json")));
    }),
  )
  .post(
    "/api/auth/set-password",
    publicRoute({
      tags: ["auth"],
      summary: "Set a password with a one-time link token (vendor onboarding)",
      ok: messageSchema,
      errors: [429],
    }),
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
      // The cheap check first: an unknown or used token costs one lookup, never a password hash.
      if (!(await s.usableToken(db, token))) throw s.invalidLink();
      await s.setPasswordWithToken(db, actorOf(c), token, await hashPassword(password));
      await releaseAttempt(db, keys);
      return c.json({ message: "Password set. You can now sign in." });
    },
  )
  .get(
    "/api/vendor/profile",
    allow("vendor_profile.view", {
      tags: ["vendors"],
      summary: "The signed-in vendor's company profile",
      ok: r.vendorApplicationSchema,
    }),
    async (c) => {
      const me = c.get("user")!;
      return c.json(await q.getApplication(c.get("deps").db, me.id));
    },
  );
