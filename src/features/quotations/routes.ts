/**
 * Staff review of quotations: list, stats, details with revision history, status changes,
 * technical evaluation, PDF, the comparison matrix and award (purchase orders: src/features/purchase-orders).
 *
 * Sealed bids stay sealed here: lists skip sealed quotations (stats give counts only), a sealed
 * quotation's details answer 403 (the record exists but nothing of it may be read, as design.md
 * section 1 says), and actions on one (status, evaluation, PDF, comparison, award) answer 409,
 * because they become possible once the bid is closed and unsealed.
 *
 * The edit routes are declared with `quotations.edit`, which vendors hold for their own submissions;
 * reviewing is staff work, so they are declared for the reviewing staff roles only.
 */
import { Hono } from "hono";
import type { z } from "zod";
import type { Context } from "hono";
import { allow, roles } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { Queryable } from "../../db/types.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
import { pageStart, setPageHeaders } from "../../lib/list-page.ts";
import { awardSchema, evaluationSchema, quotationStatusSchema } from "../../shared/schemas/bids.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { idSchema, safeString } from "../../shared/schemas/common.ts";
import { QUOTATION_TRANSITIONS, type QuotationStatus } from "../../shared/status/bid-request.ts";
import { hasPermission } from "../../shared/permissions.ts";
import { ROLE_NAMES } from "../../shared/roles.ts";
import { awardQuotation, lockForReview, SEALED_MESSAGE, startEvaluation } from "./award.ts";
import { requestExtension } from "./extension.ts";
import { quotationHistory } from "./history.ts";
import { historySchema } from "../../shared/schemas/responses/history.ts";
import { buildComparison } from "./comparison.ts";
import { safeFilename } from "../../lib/pdf/text.ts";
import { quotationPdf } from "./pdf.ts";
import * as q from "./queries.ts";
import { quotationListQuerySchema } from "./schemas.ts";
import * as r from "../../shared/schemas/responses/quotations.ts";
import { conforming } from "../../lib/api-contract.ts";

const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;
/** Staff who may decide on quotations: the matrix's quotations.edit, without vendors (who edit only their own). */
const REVIEWERS = ROLE_NAMES.filter((r) => r !== "vendor" && hasPermission(r, "quotations.edit"));
const TAGS = ["quotations"];

const awardBodySchema = awardSchema.extend({
  quotationId: idSchema("quotationId is required"),
  comment: safeString().trim().max(2000).optional().default(""),
});

type AwardInput = { out: { param: { id: number }; json: z.output<typeof awardBodySchema> } };

/** The award routes of both kinds of request: the same guard, body and answer; the path names the request. */
function awardRoute(kind: "purchase_request" | "bid_request", summary: string) {
  return [
    roles(REVIEWERS, { tags: TAGS, summary, ok: r.awardResultSchema, status: 201, errors: [409] }),
    validate("param", idParamSchema),
    validate("json", awardBodySchema),
    async (c: Context<AppEnv, string, AwardInput>) => {
      const { quotationId, comment, justification } = c.req.valid("json");
      const target = { kind, requestId: c.req.valid("param").id };
      return c.json(
        await c.get("deps").db.tx((tx) => awardQuotation(tx, c, target, quotationId, comment, justification)),
        201,
      );
    },
  ] as const;
}

function pdfResponse(c: Context<AppEnv>, bytes: Uint8Array, filename: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${safeFilename(filename)}.pdf"`,
    "Cache-Control": "private, no-store",
  });
}

/** One quotation for staff, with its other revisions; refuses a sealed one before reading anything else. */
async function quotationDetail(db: Queryable, id: number) {
  const row = await q.getQuotation(db, id);
  if (!row) throw new NotFound("quotations.notFound");
  if (row.sealed || row.bidLocked) throw new Forbidden(SEALED_MESSAGE);
  const { sealed: _s, bidLocked: _b, ...quotation } = row;
  return { ...quotation, revisions: await q.quotationRevisions(db, row) };
}

async function requestOf(db: Queryable, id: number) {
  const head = await q.quotationHead(db, id);
  if (!head) throw new NotFound("quotations.notFound");
  return head.bidRequestId !== null
    ? { kind: "bid_request" as const, requestId: head.bidRequestId }
    : { kind: "purchase_request" as const, requestId: head.purchaseRequestId! };
}

export const quotationRoutes = new Hono<AppEnv>()
  .get(
    "/api/quotations",
    roles([...STAFF], {
      tags: TAGS,
      summary:
        "Current, unsealed quotations, newest first; staff only. X-Total-Count (exact up to 10,000, then X-Total-Count-Capped), deep pages with ?after= from X-Next-Cursor (offset at most 10,000)",
      ok: r.quotationListSchema,
    }),
    validate("query", quotationListQuerySchema),
    async (c) => {
      const { after, offset, ...filters } = c.req.valid("query");
      const page = await q.listQuotations(c.get("deps").db, { ...filters, ...pageStart({ after, offset }) });
      setPageHeaders(c, page);
      // Built by PostgreSQL as JSON text (r.quotationListSchema; tests check the shape), sent as it is.
      return c.body(page.body, 200, { "content-type": "application/json" });
    },
  )
  .get(
    "/api/quotations/stats",
    roles([...STAFF], {
      tags: TAGS,
      summary: "Live counts by status, sealed bids and their submissions",
      ok: r.quotationStatsSchema,
    }),
    async (c) => c.json(await q.quotationStats(c.get("deps").db)),
  )
  .get(
    "/api/quotations/:id",
    roles([...STAFF], {
      tags: TAGS,
      summary: "One quotation with its revision history; 403 while sealed",
      ok: r.quotationDetailSchema,
    }),
    validate("param", idParamSchema),
    async (c) => c.json(await quotationDetail(c.get("deps").db, c.req.valid("param").id)),
  )
  .get(
    "/api/quotations/:id/history",
    roles([...STAFF], {
      tags: TAGS,
      summary: "The quotation's history as readable entries, oldest first; 403 while sealed",
      ok: historySchema,
    }),
    validate("param", idParamSchema),
    async (c) => {
      const { db, secrets } = c.get("deps");
      return c.json(await quotationHistory(db, secrets.sealedBidKey, c.req.valid("param").id));
    },
  )
  .patch(
    "/api/quotations/:id/status",
    roles(REVIEWERS, {
      tags: TAGS,
      summary: "under_review or rejected; approved awards the quotation (staff only)",
      ok: r.quotationReviewedSchema,
      errors: [409],
    }),
    ...withIdAndJson(quotationStatusSchema, async (c, id) => {
      const { status, comment, justification } = c.req.valid("json");
      const { db } = c.get("deps");
      const target = await requestOf(db, id);
      if (status === "approved") {
        const result = await db.tx((tx) => awardQuotation(tx, c, target, id, comment, justification));
        return c.json({ ...(await quotationDetail(db, id)), purchaseOrder: result.purchaseOrder });
      }
      await db.tx(async (tx) => {
        const { req, cur } = await lockForReview(tx, target, id);
        if (!QUOTATION_TRANSITIONS[cur.status as QuotationStatus]?.includes(status)) {
          throw new Conflict("quotations.invalidTransition", {
            from: cur.status.replace(/_/g, " "),
            to: status.replace(/_/g, " "),
          });
        }
        await startEvaluation(tx, c, req);
        await q.setQuotationStatus(tx, id, status, comment);
        await audit(tx, c, {
          action: status === "rejected" ? "REJECT" : "STATUS_CHANGE",
          entityType: "quotation",
          entityId: id,
          metadata: { requestNumber: req.number, comment, changes: { status: { from: cur.status, to: status } } },
        });
      });
      return c.json(await quotationDetail(db, id));
    }),
  )
  .post(
    "/api/quotations/:id/request-extension",
    roles(REVIEWERS, {
      tags: TAGS,
      summary:
        "Ask the vendor to extend a quotation that has expired or expires within 7 days (emailed, audited; staff only)",
      ok: r.quotationDetailSchema,
      errors: [409],
    }),
    ...withId(async (c, id) => {
      const { db, config } = c.get("deps");
      const target = await requestOf(db, id);
      const link = `${config.publicUrl ?? new URL(c.req.url).origin}/dashboard`;
      await db.tx((tx) => requestExtension(tx, c, target, id, link));
      return c.json(await quotationDetail(db, id));
    }),
  )
  .put(
    "/api/quotations/:id/evaluation",
    roles(REVIEWERS, {
      tags: TAGS,
      summary: "Technical score 0-100 and comment (staff only)",
      ok: r.quotationDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(evaluationSchema, async (c, id) => {
      const { technicalScore, comment } = c.req.valid("json");
      const score = Math.round(technicalScore * 100) / 100;
      const { db } = c.get("deps");
      const target = await requestOf(db, id);
      await db.tx(async (tx) => {
        const { req, cur } = await lockForReview(tx, target, id);
        await startEvaluation(tx, c, req);
        await q.setEvaluation(tx, id, score, comment);
        await audit(tx, c, {
          action: "UPDATE",
          entityType: "quotation",
          entityId: id,
          metadata: {
            requestNumber: req.number,
            comment,
            changes: { technicalScore: { from: cur.technicalScore, to: score } },
          },
        });
      });
      return c.json(await quotationDetail(db, id));
    }),
  )
  .get(
    "/api/quotations/:id/pdf",
    roles([...STAFF, "vendor"], {
      tags: TAGS,
      summary: "The quotation as a PDF (staff, or the vendor who submitted it)",
      ok: { media: "application/pdf" },
      errors: [409],
    }),
    ...withId(async (c, id) => {
      const me = c.get("user")!;
      const row = await q.getQuotation(c.get("deps").db, id);
      if (!row || (me.role === "vendor" && row.vendorId !== me.id)) throw new NotFound("quotations.notFound");
      if (row.sealed || row.bidLocked || row.totalAmount === null) throw new Conflict(SEALED_MESSAGE);
      const bytes = await quotationPdf({ ...row, totalAmount: row.totalAmount });
      return pdfResponse(c, bytes, `quotation-${row.id}-${row.requestNumber}`);
    }),
  )
  .get(
    "/api/purchase-requests/:id/comparison",
    allow("quotations.compare", {
      tags: TAGS,
      summary: "Comparison matrix of the request's current quotations; 409 while sealed",
      ok: r.comparisonSchema,
      errors: [409],
    }),
    validate("param", idParamSchema),
    async (c) =>
      c.json(
        conforming(
          r.comparisonSchema,
          await buildComparison(c.get("deps").db, "purchase_request", c.req.valid("param").id),
        ),
      ),
  )
  .get(
    "/api/bid-requests/:id/comparison",
    allow("quotations.compare", {
      tags: TAGS,
      summary: "Comparison matrix and ranking; 409 while sealed",
      ok: r.comparisonSchema,
      errors: [409],
    }),
    validate("param", idParamSchema),
    async (c) => c.json(await buildComparison(c.get("deps").db, "bid_request", c.req.valid("param").id)),
  )
  .post(
    "/api/purchase-requests/:id/award",
    ...awardRoute("purchase_request", "Award a quotation: approve it, reject the others, issue the PO"),
  )
  .post(
    "/api/bid-requests/:id/award",
    ...awardRoute("bid_request", "Award a closed bid: approve, reject the others, issue the PO"),
  );
