/**
 * The organisation profile: legal name, addresses, tax id, logo, payment terms,
 * currency and time zone, printed on purchase orders. Staff read it (they build documents);
 * administrators with system_settings.edit change it. Stored as settings rows; the time zone is the
 * one System Settings edits.
 */
import { Hono } from "hono";
import { allow, roles } from "../../auth/guard.ts";
import { audit, diff } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { readJsonOrMultipart } from "../../lib/body.ts";
import { BadRequest, NotFound, PayloadTooLarge } from "../../lib/errors.ts";
import { forgetOrganisationTimeZone } from "../../lib/organisation-time-zone.ts";
import { validate } from "../../lib/validate.ts";
import { checkUpload, fileBytes, storeFile } from "../../files/storage.ts";
import {
  MAX_LOGO_BYTES,
  type OrganisationProfile,
  organisationProfileSchema,
} from "../../shared/schemas/organisation.ts";
import * as q from "./queries.ts";
import * as r from "../../shared/schemas/responses/admin.ts";
import { z } from "zod";

const tags = ["organisation"];
const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;
const LOGO_KINDS = ["png", "jpeg"] as const;

export const organisationRoutes = new Hono<AppEnv>()
  .get(
    "/api/organisation",
    roles([...STAFF], {
      tags,
      summary: "The organisation profile printed on purchase orders",
      ok: r.organisationProfileResponseSchema,
    }),
    async (c) => c.json<OrganisationProfile>(await q.readProfile(c.get("deps").db)),
  )
  .put(
    "/api/organisation",
    allow("system_settings.edit", {
      tags,
      summary: "Change the organisation profile (audited)",
      ok: r.organisationProfileResponseSchema,
    }),
    validate("json", organisationProfileSchema),
    async (c) => {
      const body = c.req.valid("json");
      const { db } = c.get("deps");
      const userId = c.get("user")?.id ?? null;
      const after = await db.tx(async (tx) => {
        const before = await q.readProfile(tx);
        const next: q.ProfileValues = {
          legalName: body.legalName,
          address: body.address,
          taxId: body.taxId,
          deliveryAddress: body.deliveryAddress,
          paymentTerms: body.paymentTerms,
          poTerms: body.poTerms,
          currency: body.currency,
          timeZone: body.timeZone,
        };
        const { logo: _logo, ...old } = before;
        const changes = diff(old, next);
        for (const field of Object.keys(changes) as (keyof q.ProfileValues)[]) {
          await q.writeProfileSetting(tx, q.PROFILE_KEYS[field], next[field], userId);
        }
        if (Object.keys(changes).length) {
          await audit(tx, c, { action: "UPDATE", entityType: "organisation_profile", metadata: { changes } });
        }
        return { ...next, logo: before.logo };
      });
      forgetOrganisationTimeZone(db);
      return c.json<OrganisationProfile>(after);
    },
  )
  .get(
    "/api/organisation/logo",
    roles([...STAFF], {
      tags,
      summary: "The organisation's logo (PNG or JPEG)",
      ok: { media: "image/*", description: "The logo (PNG or JPEG)" },
      errors: [404],
    }),
    async (c) => {
      const { db, objectStore } = c.get("deps");
      const { logo } = await q.readProfile(db);
      const bytes = logo ? await fileBytes(db, logo.fileId, objectStore) : undefined;
      if (!logo || !bytes) throw new NotFound("organisation.noLogo");
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": logo.contentType,
        "Content-Length": String(bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      });
    },
  )
  .post(
    "/api/organisation/logo",
    allow("system_settings.edit", {
      tags,
      summary: "Upload the logo (multipart field `logo`, PNG or JPEG by content, at most 1 MB); replaces the old one",
      ok: r.organisationProfileResponseSchema,
      status: 201,
      errors: [413, 415],
      multipart: z.object({ logo: z.file() }),
    }),
    async (c) => {
      const { db, objectStore } = c.get("deps");
      const { files } = await readJsonOrMultipart(c);
      const uploads = files.logo ?? [];
      if (uploads.length !== 1) {
        throw new BadRequest("organisation.logoMissing", [{ path: "logo", message: "Required" }]);
      }
      const file = uploads[0];
      if (file.size > MAX_LOGO_BYTES) {
        throw new PayloadTooLarge("files.tooLarge", { label: "Logo", max: MAX_LOGO_BYTES });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      checkUpload(bytes, LOGO_KINDS, "Logo");
      const userId = c.get("user")?.id ?? null;
      await db.tx(async (tx) => {
        const old = await q.lockLogo(tx);
        const stored = await storeFile(
          tx,
          { ownerUserId: null, filename: file.name || "logo", bytes, purpose: "other", allowed: LOGO_KINDS },
          objectStore,
        );
        await q.writeProfileSetting(tx, q.LOGO_KEY, String(stored.id), userId);
        if (old) await q.deleteFile(tx, old);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "organisation_profile",
          entityId: stored.id,
          metadata: {
            logo: { from: old, to: stored.id, contentType: stored.contentType, sizeBytes: stored.sizeBytes },
          },
        });
      });
      return c.json<OrganisationProfile>(await q.readProfile(db), 201);
    },
  )
  .delete(
    "/api/organisation/logo",
    allow("system_settings.edit", {
      tags,
      summary: "Remove the logo",
      ok: r.organisationProfileResponseSchema,
      errors: [404],
    }),
    async (c) => {
      const { db } = c.get("deps");
      const userId = c.get("user")?.id ?? null;
      await db.tx(async (tx) => {
        const old = await q.lockLogo(tx);
        if (!old) throw new NotFound("organisation.noLogo");
        await q.writeProfileSetting(tx, q.LOGO_KEY, "", userId);
        await q.deleteFile(tx, old);
        await audit(tx, c, {
          action: "DELETE",
          entityType: "organisation_profile",
          entityId: old,
          metadata: { logo: { from: old, to: null } },
        });
      });
      return c.json<OrganisationProfile>(await q.readProfile(db));
    },
  );
