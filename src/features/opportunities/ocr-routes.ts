/**
 * OCR quotation import, the upload: a vendor sends a document for an opportunity open to it and
 * gets 202 with a job id (read back through src/features/ocr/routes.ts). The request is checked
 * here, by the feature that knows what is open to whom, and handed to the OCR feature's service:
 * opportunities calls OCR, never the other way (docs/decisions/027-service-layer.md).
 */
import { Hono } from "hono";
import { z } from "zod";
import { roles } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest } from "../../lib/errors.ts";
import { readJsonOrMultipart } from "../../lib/body.ts";
import { getSetting, isOn } from "../../lib/settings.ts";
import { checkUpload } from "../../files/storage.ts";
import { idSchema } from "../../shared/schemas/common.ts";
import * as r from "../../shared/schemas/responses/admin.ts";
import { createJob, OCR_KINDS } from "../ocr/service.ts";
import { openTarget } from "./service.ts";

const targetSchema = z.object({
  purchaseRequestId: idSchema().optional(),
  bidRequestId: idSchema().optional(),
});

export const opportunityOcrRoutes = new Hono<AppEnv>()
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
      const target = await openTarget(deps.db, c.get("user")!.id, byCategory, {
        kind: purchaseRequestId ? "purchase_request" : "bid_request",
        id: (purchaseRequestId ?? bidRequestId)!,
      });
      const jobId = await createJob(deps, c.get("user")!.id, target, { name: uploads[0].name || "quotation", bytes });
      deps.ocr?.poke();
      return c.json({ jobId }, 202);
    },
  );
