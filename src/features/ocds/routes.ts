/**
 * OCDS 1.1 export: release packages of the contracting processes, for
 * publication on an open-contracting portal or a data warehouse.
 *
 * Permission: `reports.export`. The feed is a bulk, machine-readable copy of every process (awards,
 * suppliers, amounts) leaving the system, like the report CSV/XLSX exports, so it takes the same
 * right as those; each call is audited as an EXPORT like them. Vendors hold no reports right.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { allow } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Conflict, NotFound } from "../../lib/errors.ts";
import { safeFilename } from "../../lib/pdf/text.ts";
import { validate } from "../../lib/validate.ts";
import { withId } from "../../lib/with-id.ts";
import * as q from "./queries.ts";
import { decodeCursor, encodeCursor, OCDS_DEFAULT_LIMIT, ocdsReleasesQuerySchema } from "./schemas.ts";
import { buildReleases, ocdsContext, PUBLISHED_BID_STATUSES, releasePackage } from "./service.ts";
import type { ContractOptions } from "../../lib/api-contract.ts";
import { ocdsReleasePackageSchema } from "../../shared/schemas/responses/admin.ts";

const doc = (summary: string, description: string, contract: ContractOptions) => ({
  tags: ["ocds"],
  summary,
  description,
  ok: ocdsReleasePackageSchema,
  ...contract,
});

/** This request's URL on the public origin when PUBLIC_URL is set (behind a proxy the Host may differ). */
function publicUrl(c: Context<AppEnv>, query?: URLSearchParams): string {
  const url = new URL(c.req.url);
  const base = c.get("deps").config.publicUrl;
  const out = new URL(url.pathname, base ? `${base}/` : url.origin);
  out.search = (query ?? url.searchParams).toString();
  return out.href;
}

export const ocdsRoutes = new Hono<AppEnv>()
  .get(
    "/api/ocds/releases",
    allow(
      "reports.export",
      doc(
        "OCDS 1.1 release package of every contracting process changed since a date",
        "One release per bid request (planning from its purchase request) and per purchase request not converted " +
          "into a bid, oldest change first. `since`: ISO 8601 date-time with offset; `limit`: 1 to 100 (50); " +
          "`links.next` carries the cursor of the next page (none on the last). A page with nothing new has " +
          "`releases: []`, which OCDS 1.1's package schema (one or more releases) does not foresee. Sealed bids show " +
          "no tenderers until unsealed. 409 until the organisation profile has a legal name (the buyer).",
        { errors: [409] },
      ),
    ),
    validate("query", ocdsReleasesQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      const { db, config } = c.get("deps");
      const limit = query.limit ?? OCDS_DEFAULT_LIMIT;
      const ctx = await ocdsContext(db, config.ocdsPrefix);
      const keys = await q.processPage(db, {
        since: query.since,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: limit + 1,
      });
      const page = keys.slice(0, limit);
      let next: string | undefined;
      if (keys.length > limit) {
        const last = page[page.length - 1];
        const params = new URLSearchParams();
        if (query.since) params.set("since", query.since);
        params.set("limit", String(limit));
        params.set("cursor", encodeCursor({ dateKey: last.dateKey, kind: last.kind, id: last.id }));
        next = publicUrl(c, params);
      }
      const releases = await buildReleases(db, ctx, page);
      await db.tx((tx) =>
        audit(tx, c, {
          action: "EXPORT",
          entityType: "ocds",
          entityId: "releases",
          metadata: { since: query.since ?? null, limit, releases: releases.length },
        })
      );
      return c.json(releasePackage(ctx, publicUrl(c), releases, next));
    },
  )
  .get(
    "/api/bid-requests/:id/ocds",
    allow(
      "reports.export",
      doc(
        "OCDS 1.1 release package of one bid request",
        "Its current release: planning, tender, and the award and contract once awarded. 409 while it is a " +
          "draft or waits for approval, or until the organisation profile has a legal name (the buyer).",
        { errors: [409] },
      ),
    ),
    ...withId(async (c, id) => {
      const { db, config } = c.get("deps");
      const [bid] = await q.bids(db, [id]);
      if (!bid) throw new NotFound("bids.notFound");
      if (!PUBLISHED_BID_STATUSES.includes(bid.status)) {
        throw new Conflict("ocds.notPublished", { status: bid.status });
      }
      const ctx = await ocdsContext(db, config.ocdsPrefix);
      const releases = await buildReleases(db, ctx, [{ kind: "BR", id }]);
      await db.tx((tx) => audit(tx, c, { action: "EXPORT", entityType: "ocds", entityId: bid.number }));
      return c.json(releasePackage(ctx, publicUrl(c), releases));
    }),
  )
  .get(
    "/api/purchase-orders/:id/ocds",
    allow(
      "reports.export",
      doc(
        "OCDS 1.1 release package of the contracting process a purchase order was awarded in",
        "The current release of the order's bid request (or purchase request): planning, tender, award, and the " +
          "order as its contract (`terminated` once everything ordered was received). A download: " +
          "Content-Disposition names the file after the order. 409 until the organisation profile has a legal " +
          "name (the buyer).",
        { errors: [409] },
      ),
    ),
    ...withId(async (c, id) => {
      const { db, config } = c.get("deps");
      const order = await q.orderProcess(db, id);
      if (!order) throw new NotFound("quotations.purchaseOrderNotFound");
      const ctx = await ocdsContext(db, config.ocdsPrefix);
      const releases = await buildReleases(db, ctx, [{ kind: order.kind, id: order.id }]);
      await db.tx((tx) =>
        audit(tx, c, {
          action: "EXPORT",
          entityType: "ocds",
          entityId: order.poNumber,
          metadata: { purchaseOrderId: id },
        })
      );
      c.header("Content-Disposition", `attachment; filename="${safeFilename(order.poNumber)}-ocds.json"`);
      c.header("Cache-Control", "private, no-store");
      return c.json(releasePackage(ctx, publicUrl(c), releases));
    }),
  );
