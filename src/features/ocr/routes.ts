/**
 * OCR quotation import, vendor side: upload a document for an opportunity (202 with a job id),
 * then read the job (or follow it as server-sent events) until its result is ready. Only the
 * vendor who uploaded a job can read it.
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { roles } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest } from "../../lib/errors.ts";
import { readJsonOrMultipart } from "../../lib/body.ts";
import { getSetting, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { checkUpload } from "../../files/storage.ts";
import { idParamSchema, idSchema } from "../../shared/schemas/common.ts";
import { createJob, OCR_KINDS, readJob } from "./service.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

const targetSchema = z.object({
  purchaseRequestId: idSchema().optional(),
  bidRequestId: idSchema().optional(),
});

const jobParam = z.object({ jobId: idParamSchema.shape.id });

export const ocrRoutes = new Hono<AppEnv>()
  .post(
    "/api/vendor/quotations/ocr-extract",
    roles(["vendor"], {
      tags: ["vendors"],
      summary:
        "Read a quotation document (PDF, PNG, JPG, TIFF or BMP, up to 10 MB): multipart `quotationFile` and `purchaseRequestId` or `bidRequestId`; answers 202 with the job id",
      ok: r.ocrJobAcceptedSchema,
      status: 202,
      errors: [404, 409, 413, 415, 429],
      multipart: targetSchema.extend({ quotationFile: z.file() }),
    }),
    async (c) => {
      const { fields, files } = await readJsonOrMultipart(c);
      const t = targetSchema.safeParse(fields);
      if (!t.success) {
        throw new BadRequest("ocr.target", [{ path: "purchaseRequestId", message: "Give a valid request id" }]);
      }
      const { purchaseRequestId, bidRequestId } = t.data;
      if (!purchaseRequestId === !bidRequestId) {
        throw new BadRequest("ocr.target", [{
          path: "purchaseRequestId",
          message: "Give purchaseRequestId or bidRequestId",
        }]);
      }
      const uploads = files.quotationFile ?? [];
      if (uploads.length !== 1) {
        throw new BadRequest("ocr.oneFile", [{ path: "quotationFile", message: "Attach exactly one file" }]);
      }
      const bytes = new Uint8Array(await uploads[0].arrayBuffer());
      checkUpload(bytes, OCR_KINDS, "Quotation file");
      const deps = c.get("deps");
      const byCategory = isOn(await getSetting(deps.db, "enable_vendor_matching", "true"));
      const jobId = await createJob(deps, c.get("user")!.id, byCategory, {
        kind: purchaseRequestId ? "purchase_request" : "bid_request",
        id: (purchaseRequestId ?? bidRequestId)!,
      }, { name: uploads[0].name || "quotation", bytes });
      deps.ocr?.poke();
      return c.json({ jobId }, 202);
    },
  )
  .get(
    "/api/vendor/ocr-jobs/:jobId",
    roles(["vendor"], {
      tags: ["vendors"],
      summary: "An OCR job: status, progress, stage, error or result",
      ok: r.ocrJobSchema,
    }),
    validate("param", jobParam),
    async (c) => c.json(await readJob(c.get("deps"), c.req.valid("param").jobId, c.get("user")!.id)),
  )
  .get(
    "/api/vendor/ocr-jobs/:jobId/events",
    roles(["vendor"], {
      tags: ["vendors"],
      summary: "The same as server-sent events, one per change, until the job is done or failed",
      ok: { media: "text/event-stream", description: "`job` events carrying the job as JSON" },
    }),
    validate("param", jobParam),
    async (c) => {
      const deps = c.get("deps");
      const me = c.get("user")!.id;
      const id = c.req.valid("param").jobId;
      let view = await readJob(deps, id, me); // 404 before the stream starts
      return streamSSE(c, async (stream) => {
        let last = "";
        const deadline = Date.now() + 10 * 60_000;
        while (!stream.aborted && Date.now() < deadline) {
          const data = JSON.stringify(view);
          if (data !== last) {
            await stream.writeSSE({ event: "job", data });
            last = data;
          }
          if (view.status === "done" || view.status === "failed") break;
          await stream.sleep(400);
          view = await readJob(deps, id, me);
        }
      });
    },
  );
