/**
 * The vendor's side: matching opportunities, submitting a quotation (JSON, or multipart with
 * attachments), and reading back only its own quotations. Item names and quantities always come
 * from the request on the server; prices are the vendor's, totals are computed here.
 * For a sealed bid the quotation is encrypted before it is stored (src/sealing).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { roles } from "../../auth/guard.ts";
import { actorOf, audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, NotFound } from "../../lib/errors.ts";
import { readObjectAndFiles } from "../../lib/body.ts";
import { encrypt, sha256Hex } from "../../lib/crypto.ts";
import { getSetting, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { withIdAndJson } from "../../lib/with-id.ts";
import { badCursor, pageStart, setPageHeaders } from "../../lib/list-page.ts";
import { checkUpload, storeFile } from "../../files/storage.ts";
import type { FileKind } from "../../files/detect.ts";
import { fileContext, sealContext, sealPayload } from "../../sealing/sealed-quotation.ts";
import { bidderTag, sealBidder, tagHex } from "../../sealing/bidder.ts";
import { fromCents, toCents } from "../../shared/money.ts";
import { extendValiditySchema, QUOTATION_MESSAGES, quotationSubmissionSchema } from "../../shared/schemas/bids.ts";
import { MAX_ATTACHMENTS } from "../../shared/attachments.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { notifyUsers } from "../../notify/in-app.ts";
import * as q from "./queries.ts";
import { myTags, openSealedRows, present } from "./service.ts";
import { matchingQuerySchema, vendorQuotationListQuerySchema } from "../../shared/schemas/opportunities.ts";
import * as ocr from "../ocr/service.ts";
import { extendValidity } from "../quotations/service.ts";
import * as r from "../../shared/schemas/responses/opportunities.ts";
import { z } from "zod";

const ATTACHMENT_KINDS: FileKind[] = ["pdf", "doc", "docx", "jpeg", "png", "xlsx", "xls"];

async function matchingOn(c: Context<AppEnv>) {
  return isOn(await getSetting(c.get("deps").db, "enable_vendor_matching", "true"));
}

export const opportunityRoutes = new Hono<AppEnv>()
  .get(
    "/api/vendor/matching-prs",
    roles(["vendor"], {
      tags: ["vendors"],
      summary:
        "The vendor's opportunities (active purchase requests needing quotes and open bid requests in its categories), closing soonest first, then kind and id, a page at a time (limit 50 by default); X-Total-Count (exact up to 10,000, then X-Total-Count-Capped) on page 1 and offset pages only, next page with ?after= from X-Next-Cursor (a cursor page is not counted again: keep page 1's total). Each row has itemCount and its first three items; with ids=<kind>:<id>,... the rows carry every item (with specifications): what a quotation for them needs",
      ok: r.opportunityListSchema,
    }),
    validate("query", matchingQuerySchema),
    async (c) => {
      const { limit, offset, after, kind, categoryId, q: text, ids } = c.req.valid("query");
      const start = pageStart({ after: undefined, offset });
      let cursor: q.OpportunityCursor | undefined;
      if (after !== undefined && after !== "") {
        cursor = q.decodeOpportunityCursor(after);
        if (!cursor) throw badCursor();
      }
      const page = await q.matchingPage(c.get("deps").db, c.get("user")!.id, await matchingOn(c), {
        limit,
        offset: cursor ? 0 : start.offset,
        after: cursor,
        kind,
        categoryId,
        q: text?.trim() || undefined,
        ids,
      }, await myTags(c));
      // A cursor page has no total (not counted again); page 1 and offset pages have one.
      setPageHeaders(c, { ...page.total, next: page.next });
      // Built by PostgreSQL as JSON text, sent as it is.
      return c.body(page.body, 200, { "content-type": "application/json" });
    },
  )
  .get(
    "/api/vendor/quotations",
    roles(["vendor"], {
      tags: ["vendors"],
      summary:
        "The vendor's own current quotations, newest first, a page at a time (limit 50 by default); X-Total-Count (exact up to 10,000, then X-Total-Count-Capped), next page with ?after= from X-Next-Cursor (offset at most 10,000)",
      ok: r.vendorQuotationListSchema,
    }),
    validate("query", vendorQuotationListQuerySchema),
    async (c) => {
      const { limit, after, offset } = c.req.valid("query");
      const page = await q.vendorQuotationPage(c.get("deps").db, c.get("user")!.id, {
        limit,
        ...pageStart({ after, offset }),
      }, await myTags(c));
      setPageHeaders(c, page);
      // Built by PostgreSQL as JSON text, sent as it is; a page with sealed quotations has their total,
      // notes and item count opened from the payloads first (the owner's own view).
      const body = page.flagged ? await openSealedRows(c, page.body) : page.body;
      return c.body(body, 200, { "content-type": "application/json" });
    },
  )
  .get(
    "/api/vendor/quotations/:id",
    roles(["vendor"], {
      tags: ["vendors"],
      summary: "One of the vendor's own quotations (any revision)",
      ok: r.vendorQuotationSchema,
    }),
    validate("param", idParamSchema),
    async (c) => {
      const [row] = await q.vendorQuotations(
        c.get("deps").db,
        c.get("user")!.id,
        c.req.valid("param").id,
        await myTags(c),
      );
      if (!row) throw new NotFound("quotations.notFound");
      return c.json(await present(c, row));
    },
  )
  .put(
    "/api/vendor/quotations/:id/validity",
    roles(["vendor"], {
      tags: ["vendors"],
      summary: "Extend one's own current quotation: valid for the given days from today, prices unchanged (audited)",
      ok: r.vendorQuotationSchema,
      errors: [409],
    }),
    ...withIdAndJson(extendValiditySchema, async (c, id) => {
      const me = c.get("user")!;
      const { db, secrets } = c.get("deps");
      await extendValidity(
        db,
        secrets.sealedBidKey,
        { ...actorOf(c), userId: me.id },
        id,
        c.req.valid("json").validityDays,
      );
      const [row] = await q.vendorQuotations(c.get("deps").db, me.id, id, await myTags(c));
      return c.json(await present(c, row));
    }),
  )
  .post(
    "/api/vendor/quotations",
    roles(["vendor"], {
      tags: ["vendors"],
      summary: "Submit or replace a quotation: JSON, or multipart with `quotation` (JSON) and repeated `attachments`",
      ok: r.vendorQuotationSchema,
      status: 201,
      errors: [404, 409, 413, 415],
      body: quotationSubmissionSchema,
      alsoJson: true,
      multipart: z.object({
        quotation: z.string().describe("The quotation as JSON (the application/json body's shape)"),
        attachments: z.array(z.file()).optional(),
      }),
    }),
    async (c) => {
      const me = c.get("user")!;
      const { value: v, files } = await readObjectAndFiles(
        c,
        "quotation",
        quotationSubmissionSchema,
        "opportunities.quotationJson",
      );
      const uploads = files.attachments ?? [];
      if (uploads.length > MAX_ATTACHMENTS) {
        throw new BadRequest("opportunities.tooManyAttachments", [], { max: MAX_ATTACHMENTS });
      }
      const attachments = await Promise.all(
        uploads.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
      );
      // Type and size by content before anything is written (413 / 415).
      for (const a of attachments) checkUpload(a.bytes, ATTACHMENT_KINDS, "Attachment");
      // An OCR import keeps its original document (any of the OCR file types) as an attachment.
      const ocrSource = v.ocrJobId
        ? await ocr.sourceForSubmission(c.get("deps"), v.ocrJobId, me.id, {
          kind: v.purchaseRequestId ? "purchase_request" : "bid_request",
          id: (v.purchaseRequestId ?? v.bidRequestId)!,
        })
        : undefined;
      const stored = [
        ...attachments.map((a) => ({ ...a, allowed: ATTACHMENT_KINDS })),
        ...(ocrSource ? [{ ...ocrSource, allowed: ocr.OCR_KINDS }] : []),
      ];

      const kind = v.purchaseRequestId ? "purchase_request" as const : "bid_request" as const;
      const targetId = (v.purchaseRequestId ?? v.bidRequestId)!;
      const { db, secrets } = c.get("deps");
      const byCategory = await matchingOn(c);
      // The vendor's tag on the bid: a sealed quotation row carries it instead of vendor_id.
      const tag = kind === "bid_request" ? await bidderTag(secrets.sealedBidKey, targetId, me.id) : undefined;
      const id = await db.tx(async (tx) => {
        if (!(await q.lockTarget(tx, kind, targetId))) throw new NotFound("opportunities.requestNotFound");
        const [target] = kind === "purchase_request"
          ? await q.matchingPurchaseRequests(tx, me.id, byCategory, targetId)
          : await q.matchingBids(tx, me.id, byCategory, [tagHex(tag!)], targetId);
        if (!target) {
          throw new Conflict(
            kind === "bid_request" ? "opportunities.biddingNotOpen" : "opportunities.requestNotOpen",
          );
        }
        const byId = new Map(target.items.map((i) => [i.id, i]));
        const lines = v.items.map((line, n) => {
          const item = byId.get(line.itemId);
          if (!item) {
            throw new BadRequest("opportunities.unknownItem", [{
              path: `items.${n}.itemId`,
              message: QUOTATION_MESSAGES.unknownItem,
            }]);
          }
          const unitCents = toCents(line.unitPrice!)!;
          return {
            itemId: item.id,
            name: item.name,
            quantity: item.quantity,
            unit: item.unit,
            unitCents,
            unitPrice: fromCents(unitCents),
            totalPrice: fromCents(unitCents * item.quantity),
            notes: line.notes,
          };
        });
        const totalAmount = fromCents(lines.reduce((s, l) => s + l.unitCents * l.quantity, 0));
        const previous = await q.lockCurrentQuotation(tx, me.id, kind, targetId, tag);
        if (previous && (previous.status === "approved" || previous.status === "rejected")) {
          throw new Conflict("opportunities.cannotReplace", { status: previous.status });
        }
        if (previous) await q.supersede(tx, previous.id);
        const revision = (previous?.revision ?? 0) + 1;
        const sealed = kind === "bid_request" && (target as { biddingMode?: string }).biddingMode === "sealed";
        const key = secrets.sealedBidKey;
        const payload = sealed
          ? await sealPayload(key, sealContext(targetId, me.id, revision), {
            items: lines.map((l) => ({
              bidRequestItemId: l.itemId,
              name: l.name,
              quantity: l.quantity,
              unit: l.unit,
              unitPrice: l.unitPrice,
              totalPrice: l.totalPrice,
              notes: l.notes,
            })),
            totalAmount,
            notes: v.notes,
          })
          : null;
        const id = await q.insertQuotation(tx, {
          vendorId: sealed ? null : me.id,
          bidder: sealed ? await sealBidder(key, targetId, me.id) : null,
          purchaseRequestId: kind === "purchase_request" ? targetId : null,
          bidRequestId: kind === "bid_request" ? targetId : null,
          revision,
          source: v.ocrJobId ? "ocr" : v.source,
          sealed,
          sealedPayload: payload,
          totalAmount: sealed ? null : totalAmount,
          validityDays: v.validityPeriod,
          leadTimeDays: v.leadTimeDays ?? null,
          notes: sealed ? null : v.notes || null,
        });
        if (!sealed) await q.insertQuotationItems(tx, id, kind, lines);
        if (v.ocrJobId) await ocr.consume(tx, c.get("deps"), v.ocrJobId, me.id);
        // The author of the request hears of it; of a sealed bid's quotation, only that one arrived and the count.
        const notice = await q.receivedNotice(tx, kind, targetId, sealed ? null : me.id);
        const received = { type: "quotation_received", entity: { kind, id: targetId }, params: notice.params } as const;
        await notifyUsers(tx, [notice.createdBy], received);
        for (const a of stored) {
          const hash = await sha256Hex(a.bytes);
          const file = await storeFile(tx, {
            ownerUserId: me.id,
            filename: a.name,
            bytes: a.bytes,
            purpose: "quotation_attachment",
            allowed: a.allowed,
            encryptedBytes: sealed ? await encrypt(key, a.bytes, fileContext(hash)) : undefined,
            sealKey: sealed ? key : undefined,
          }, c.get("deps").objectStore);
          await q.attach(tx, id, file.id);
        }
        await audit(tx, c, {
          action: "CREATE",
          entityType: "quotation",
          entityId: id,
          // Nothing about prices for a sealed bid, not even in the audit trail; who and which bid only
          // encrypted until unsealing (src/audit/sealed-entries.ts).
          seal: sealed ? { key, bidRequestId: targetId } : undefined,
          metadata: sealed ? { bidRequestId: targetId, revision, sealed: true, attachments: stored.length } : {
            [kind === "purchase_request" ? "purchaseRequestId" : "bidRequestId"]: targetId,
            revision,
            totalAmount,
            items: lines.length,
          },
        });
        return id;
      });
      const [row] = await q.vendorQuotations(db, me.id, id, tag ? [tagHex(tag)] : []);
      return c.json(await present(c, row), 201);
    },
  );
