/** The signed-in user's own account: profile, password, two-factor sign-in. */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { signedIn } from "../../auth/guard.ts";
import { hashPassword } from "../../auth/password.ts";
import { issueSession } from "../../auth/session.ts";
import { signedInActor } from "../../auth/actor.ts";
import { audit, auditUpdate } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withIdAndJson } from "../../lib/with-id.ts";
import { hasPermission } from "../../shared/permissions.ts";
import { changePasswordSchema } from "../../shared/schemas/auth.ts";
import { DEFAULT_PREFERENCES, preferencesSchema } from "../../shared/schemas/preferences.ts";
import { userLanguageSchema } from "../../shared/schemas/language.ts";
import { updateProfileSchema } from "../../shared/schemas/users.ts";
import * as users from "./queries.ts";
import { DUPLICATE_EMAIL } from "./routes.ts";
import * as q from "./profile-queries.ts";
import * as ps from "./profile-service.ts";
import * as r from "../../shared/schemas/responses/users.ts";
import { messageSchema } from "../../shared/schemas/responses/common.ts";

const CODE_FORMAT = "Enter the 6-digit code from your app";
const codeSchema = z.object({ code: z.string({ error: CODE_FORMAT }).trim().regex(/^\d{6}$/, CODE_FORMAT) });
const passwordConfirmSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

async function confirmOwnPassword(
  c: Context<AppEnv>,
  userId: number,
  stored: string | null | undefined,
  password: string,
) {
  return await ps.confirmOwnPassword(c.get("deps").db, userId, stored, password);
}

/** Yourself, or an administrator acting on anyone. */
function selfOrAdmin(c: Context<AppEnv>, id: number) {
  const me = c.get("user")!;
  if (me.id !== id && !hasPermission(me.role, "users.edit")) {
    throw new Forbidden("profile.ownProfileOnly");
  }
}

export const profileRoutes = new Hono<AppEnv>()
  .get(
    "/api/profile",
    signedIn({
      tags: ["profile"],
      summary: "Your profile, with last sign-in and two-factor state",
      ok: r.userResponseSchema,
    }),
    async (c) => {
      const me = await users.getUser(c.get("deps").db, c.get("user")!.id);
      return c.json(me);
    },
  )
  .put(
    "/api/users/:id/profile",
    signedIn({
      tags: ["profile"],
      summary: "Update a profile (yourself, or any user as an administrator)",
      ok: r.userResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(updateProfileSchema, async (c, id) => {
      selfOrAdmin(c, id);
      const body = c.req.valid("json");
      const { db } = c.get("deps");
      const before = await users.getUser(db, id);
      if (!before) throw new NotFound("users.notFound");
      await db.tx(async (tx) => {
        await users.lockUser(tx, id);
        if (await users.emailTaken(tx, body.email, id)) throw new Conflict(DUPLICATE_EMAIL);
        await users.updateUserFields(tx, id, body);
        if (before.role.name === "vendor") await users.updateVendorContact(tx, id, body);
        await auditUpdate(tx, c, { type: "user", id: id }, before, body);
      });
      return c.json(await users.getUser(db, id));
    }),
  )
  .put(
    "/api/users/:id/change-password",
    signedIn({
      tags: ["profile"],
      summary: "Change your own password (ends your other sessions)",
      ok: messageSchema,
      errors: [429],
    }),
    ...withIdAndJson(changePasswordSchema, async (c, id) => {
      const me = c.get("user")!;
      if (me.id !== id) throw new Forbidden("profile.ownPasswordOnly");
      const { currentPassword, newPassword } = c.req.valid("json");
      const { db } = c.get("deps");
      if (!(await confirmOwnPassword(c, id, await users.passwordHashOf(db, id), currentPassword))) {
        throw new BadRequest("profile.currentPasswordIncorrect", [{
          path: "currentPassword",
          message: "Current password is incorrect",
        }]);
      }
      if (currentPassword === newPassword) {
        throw new BadRequest("profile.samePassword", [
          { path: "newPassword", message: "Choose a password different from the current one" },
        ]);
      }
      const passwordHash = await hashPassword(newPassword);
      await db.tx(async (tx) => {
        await users.setPassword(tx, id, passwordHash, false);
        await audit(tx, c, { action: "PASSWORD_CHANGE", entityType: "user", entityId: id });
      });
      // The version bump ended every session; this one continues with a fresh token.
      await issueSession(c, { id, tokenVersion: me.tokenVersion + 1 });
      return c.json({ message: "Password changed" });
    }),
  )
  .post(
    "/api/auth/2fa/setup",
    signedIn({
      tags: ["profile"],
      summary: "Start two-factor enrolment: a new TOTP key and QR code",
      ok: r.twoFactorSetupSchema,
      errors: [409],
    }),
    async (c) => {
      const me = c.get("user")!;
      const { db, secrets } = c.get("deps");
      const setup = await ps.startTwoFactor(db, secrets.totpKey, me);
      c.header("Cache-Control", "no-store");
      return c.json(setup);
    },
  )
  .post(
    "/api/auth/2fa/enable",
    signedIn({
      tags: ["profile"],
      summary: "Confirm enrolment with a code; returns 10 one-time recovery codes",
      ok: r.recoveryCodesSchema,
      errors: [409],
    }),
    validate("json", codeSchema),
    async (c) => {
      const { db, secrets } = c.get("deps");
      const codes = await ps.enableTwoFactor(db, secrets.totpKey, signedInActor(c), c.req.valid("json").code);
      c.header("Cache-Control", "no-store");
      return c.json({ recoveryCodes: codes });
    },
  )
  .post(
    "/api/auth/2fa/disable",
    signedIn({
      tags: ["profile"],
      summary: "Turn two-factor sign-in off (needs your password)",
      ok: messageSchema,
      errors: [409, 429],
    }),
    validate("json", passwordConfirmSchema),
    async (c) => {
      const me = c.get("user")!;
      const { db } = c.get("deps");
      const state = await q.totpState(db, me.id);
      if (!(await confirmOwnPassword(c, me.id, state?.passwordHash, c.req.valid("json").password))) {
        throw new BadRequest("profile.passwordIncorrect", [{ path: "password", message: "Password is incorrect" }]);
      }
      await db.tx(async (tx) => {
        await q.disableTotp(tx, me.id);
        await audit(tx, c, { action: "TWO_FACTOR_DISABLE", entityType: "user", entityId: me.id });
      });
      return c.json({ message: "Two-factor sign-in disabled" });
    },
  )
  .get(
    "/api/auth/2fa",
    signedIn({ tags: ["profile"], summary: "Two-factor state and recovery codes left", ok: r.twoFactorStateSchema }),
    async (c) => {
      const me = c.get("user")!;
      const { db } = c.get("deps");
      const state = await q.totpState(db, me.id);
      return c.json({
        enabled: !!state?.enabled,
        recoveryCodesLeft: state?.enabled ? await q.remainingRecoveryCodes(db, me.id) : 0,
      });
    },
  )
  .post(
    "/api/dashboard/reset",
    signedIn({ tags: ["profile"], summary: "Reset your dashboard preferences to the defaults", ok: messageSchema }),
    async (c) => {
      const me = c.get("user")!;
      await c.get("deps").db.tx(async (tx) => {
        await q.resetPreferences(tx, me.id);
        await audit(tx, c, { action: "UPDATE", entityType: "dashboard", entityId: me.id, metadata: { reset: true } });
      });
      return c.json({ message: "Dashboard reset" });
    },
  )
  .get(
    "/api/profile/language",
    signedIn({ tags: ["profile"], summary: "The language your emails are written in", ok: r.languageResponseSchema }),
    async (c) => c.json({ language: await q.languageOf(c.get("deps").db, c.get("user")!.id) }),
  )
  .put(
    "/api/profile/language",
    signedIn({
      tags: ["profile"],
      summary: "Change the language your emails are written in",
      ok: r.languageResponseSchema,
    }),
    validate("json", userLanguageSchema),
    async (c) => {
      const me = c.get("user")!;
      const { language } = c.req.valid("json");
      await c.get("deps").db.tx(async (tx) => {
        const before = await q.languageOf(tx, me.id);
        await q.setLanguage(tx, me.id, language);
        await auditUpdate(tx, c, { type: "user", id: me.id }, { language: before }, { language });
      });
      return c.json({ language });
    },
  )
  .get(
    "/api/profile/preferences",
    signedIn({ tags: ["profile"], summary: "Your notification preferences", ok: r.preferencesResponseSchema }),
    async (c) => {
      const saved = await q.preferencesOf(c.get("deps").db, c.get("user")!.id);
      return c.json({ ...DEFAULT_PREFERENCES, ...saved });
    },
  )
  .put(
    "/api/profile/preferences",
    signedIn({ tags: ["profile"], summary: "Change your notification preferences", ok: r.preferencesResponseSchema }),
    validate("json", preferencesSchema),
    async (c) => {
      const me = c.get("user")!;
      const prefs = c.req.valid("json");
      await c.get("deps").db.tx(async (tx) => {
        const before = await q.preferencesOf(tx, me.id, true);
        await q.mergePreferences(tx, me.id, prefs);
        await auditUpdate(tx, c, { type: "preferences", id: me.id }, { ...DEFAULT_PREFERENCES, ...before }, prefs);
      });
      return c.json(prefs);
    },
  );
