/**
 * The rules of vendors: self-registration (no account discovery: an email already registered gets
 * the same answer and its owner an email), the follow-up call that sets a new vendor's categories,
 * category subscriptions, the admin's review (approval emails a set-password link) and the
 * onboarding link that sets the password. Each change is one transaction with its audit entry.
 */
import type { AuditActor } from "../../audit/audit.ts";
import { auditAs } from "../../audit/audit.ts";
import type { Actor } from "../../auth/actor.ts";
import type { Db, Queryable } from "../../db/types.ts";
import type { ObjectStore } from "../../files/s3.ts";
import { storeFile } from "../../files/storage.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { enqueueEmail } from "../../notify/outbox.ts";
import { setUserLanguage } from "../../notify/queries.ts";
import { hasPermission } from "../../shared/permissions.ts";
import type { RoleName } from "../../shared/roles.ts";
import type { z } from "zod";
import type { vendorRegistrationSchema } from "../../shared/schemas/vendor-registration.ts";
import { activeCategoryIds } from "../categories/service.ts";
import { emailTaken, setPassword } from "../users/service.ts";
import * as q from "./queries.ts";

/** What other features read of a vendor (docs/decisions/027-service-layer.md): its company name for purchase orders. */
export { vendorCompanyName } from "./queries.ts";

export const SET_PASSWORD_HOURS = 72;
/**
 * The spec's client sends categories in a second call right after registering, still signed out:
 * the registration answer carries a token that allows exactly that, for this long.
 */
const FOLLOW_UP_MINUTES = 30;

function isUniqueViolation(e: unknown) {
  return !!e && typeof e === "object" && (e as { code?: unknown }).code === "23505";
}

export function invalidLink() {
  return new BadRequest("vendors.invalidLink", [{ path: "token", message: "This link is invalid or has expired" }]);
}

/** The ids, once each, when every one is an active category (else 400 on categoryIds). */
export async function validCategoryIds(db: Queryable, ids: number[]) {
  const unique = [...new Set(ids)];
  if ((await activeCategoryIds(db, unique)).length !== unique.length) {
    throw new BadRequest("categories.unknown", [{
      path: "categoryIds",
      message: "One or more categories do not exist",
    }]);
  }
  return unique;
}

export interface Registration {
  /** The validated form, its email in lower case. */
  body: Omit<z.output<typeof vendorRegistrationSchema>, "categoryIds">;
  categoryIds: number[];
  license?: { name: string; bytes: Uint8Array };
  licenseUrl: string | null;
}

/**
 * Registers a vendor (user, profile, license file, categories) and returns the follow-up token. The
 * same answer whether or not the email is known; the owner of an existing account learns of the
 * attempt by email instead.
 */
export async function register(
  db: Db,
  deps: { objectStore?: ObjectStore; appUrl: string; audit: AuditActor },
  r: Registration,
): Promise<string> {
  const { body, categoryIds, license, licenseUrl } = r;
  const email = body.email;
  const registrationToken = randomToken();
  const tokenHash = await sha256Hex(registrationToken);
  const alreadyRegistered = async () => {
    await db.tx(async (tx) => {
      await q.insertRegistrationToken(tx, tokenHash, null, FOLLOW_UP_MINUTES);
      await enqueueEmail(tx, {
        to: email,
        subject: "Someone tried to register with your email address",
        body: `Someone tried to register a vendor account with ${email} at ${deps.appUrl}.\n` +
          `An account with this email address already exists, so nothing was changed.\n\n` +
          `If this was you, sign in at ${deps.appUrl}/login instead. If it was not, you can ignore this email.\n`,
      });
    });
    return registrationToken;
  };
  if (await emailTaken(db, email)) return await alreadyRegistered();
  try {
    await db.tx(async (tx) => {
      const id = await q.insertVendorUser(tx, body);
      await setUserLanguage(tx, id, body.language);
      const file = license
        ? await storeFile(tx, {
          ownerUserId: id,
          filename: license.name,
          bytes: license.bytes,
          purpose: "business_license",
          allowed: ["pdf", "jpeg", "png"],
        }, deps.objectStore)
        : undefined;
      await q.insertVendorProfile(tx, { ...body, userId: id, licenseFileId: file?.id ?? null, licenseUrl });
      if (categoryIds.length) await q.replaceVendorCategories(tx, id, categoryIds);
      await q.insertRegistrationToken(tx, tokenHash, id, FOLLOW_UP_MINUTES);
      await auditAs(tx, deps.audit, {
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
  return registrationToken;
}

/** Right after registering: the new (still pending) vendor's categories, with the registration's token. */
export async function setCategoriesAfterRegistration(
  db: Db,
  audit: AuditActor,
  registrationToken: string,
  categoryIds: number[],
) {
  const ids = await validCategoryIds(db, categoryIds);
  const result = await db.tx(async (tx) => {
    const found = await q.findRegistrationToken(tx, await sha256Hex(registrationToken));
    if (!found) throw new Forbidden("vendors.signInToChangeCategories");
    // The decoy of an already registered email: answer as if it worked, change nothing.
    if (found.vendorId === null) return null;
    const vendor = await q.lockVendor(tx, found.vendorId);
    if (!vendor || vendor.status !== "pending") throw new Forbidden("vendors.signInToChangeCategories");
    await q.replaceVendorCategories(tx, found.vendorId, ids);
    await auditAs(tx, audit, {
      action: "UPDATE",
      entityType: "vendor",
      entityId: found.vendorId,
      userId: null,
      metadata: { categoryIds: ids },
    });
    return await q.vendorCategoryIds(tx, found.vendorId);
  });
  return result ?? await q.categoryIdsByName(db, ids);
}

/** A vendor's categories, set by that vendor or an administrator (`me` null when signed out). */
export async function setVendorCategories(
  db: Db,
  audit: AuditActor,
  me: { id: number; role: RoleName } | null,
  id: number,
  categoryIds: number[],
) {
  const ids = await validCategoryIds(db, categoryIds);
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
    await auditAs(tx, audit, {
      action: "UPDATE",
      entityType: "vendor",
      entityId: id,
      userId: me?.id ?? null,
      metadata: { categoryIds: ids },
    });
  });
  return await q.vendorCategoryIds(db, id);
}

/** Replaces the signed-in vendor's own subscriptions. */
export async function replaceOwnCategories(db: Db, actor: Actor, categoryIds: number[]) {
  const ids = await validCategoryIds(db, categoryIds);
  await db.tx(async (tx) => {
    const before = (await q.vendorCategoryIds(tx, actor.id)).map((r) => r.categoryId);
    await q.replaceVendorCategories(tx, actor.id, ids);
    await auditAs(tx, actor.audit, {
      action: "UPDATE",
      entityType: "vendor_categories",
      entityId: actor.id,
      metadata: { changes: { categoryIds: { from: before, to: ids } } },
    });
  });
  return await q.vendorCategoryIds(db, actor.id);
}

/**
 * Decides a pending application. Approval emails the set-password link (always: it is the only way
 * in); rejection emails the reason when approval notices are on. In the vendor's language.
 */
export async function review(
  db: Db,
  actor: Actor,
  /** Where the link points, and the key its token is kept under in the outbox (src/notify/outbox.ts). */
  link: { appUrl: string; key: Uint8Array },
  id: number,
  decision: { status: "approved" | "rejected"; reason?: string },
) {
  const { status, reason } = decision;
  if (status === "rejected" && !hasPermission(actor.role, "vendors.reject")) {
    throw new Forbidden("generic.missingPermission", { requiredPermission: "vendors.reject" }, {
      permission: "vendors.reject",
    });
  }
  const token = randomToken();
  await db.tx(async (tx) => {
    const vendor = await q.lockVendor(tx, id);
    if (!vendor) throw new NotFound("vendors.notFound");
    if (vendor.status !== "pending") throw new Conflict("vendors.alreadyDecided", { status: vendor.status });
    await q.setVendorStatus(tx, id, status, actor.id, status === "rejected" ? reason || "" : null);
    const app = (await q.getApplication(tx, id))!;
    const s = await getSettings(tx, ["vendor_approval_notifications_enabled", "email_notifications_enabled"]);
    const who = { contactPerson: app.contactPerson, companyName: app.companyName };
    if (status === "approved") {
      await q.insertToken(tx, id, await sha256Hex(token), SET_PASSWORD_HOURS);
      await enqueueTemplated(tx, {
        to: app.email,
        template: "vendor_approved",
        values: {
          ...who,
          hours: SET_PASSWORD_HOURS,
          link: `${link.appUrl}/set-password?token=${encodeURIComponent(token)}`,
        },
        hidden: { values: [encodeURIComponent(token)], key: link.key },
      });
    } else if (isOn(s.vendor_approval_notifications_enabled) && isOn(s.email_notifications_enabled)) {
      await enqueueTemplated(tx, {
        to: app.email,
        template: "vendor_rejected",
        values: { ...who, reason: reason ?? "" },
      });
    }
    await auditAs(tx, actor.audit, {
      action: status === "approved" ? "APPROVE" : "REJECT",
      entityType: "vendor",
      entityId: id,
      metadata: { changes: { status: { from: "pending", to: status } }, reason: reason ?? null },
    });
  });
  return await q.getApplication(db, id);
}

/** Whether the onboarding token can still be used (the cheap check before hashing a password). */
export async function usableToken(db: Queryable, token: string) {
  return !!(await q.findUsableToken(db, await sha256Hex(token)));
}

/** Uses the one-time onboarding token to set the password (ends every session of the user). */
export async function setPasswordWithToken(db: Db, audit: AuditActor, token: string, passwordHash: string) {
  const tokenHash = await sha256Hex(token);
  await db.tx(async (tx) => {
    const found = await q.consumeToken(tx, tokenHash);
    if (!found) throw invalidLink();
    await setPassword(tx, found.userId, passwordHash, false);
    await auditAs(tx, audit, {
      action: "PASSWORD_CHANGE",
      entityType: "user",
      entityId: found.userId,
      userId: found.userId,
      metadata: { via: "set_password_link" },
    });
  });
}
