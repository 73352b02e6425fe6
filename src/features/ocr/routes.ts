/**
 * OCR quotation import, vendor side: read a job (or follow it as server-sent events) until its
 * result is ready. Only the vendor who uploaded a job can read it. The upload itself names an
 * opportunity, so the opportunities feature takes it (src/features/opportunities/ocr-routes.ts)
 * and calls this feature's service (docs/decisions/027-service-layer.md).
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { roles } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { validate } from "../../lib/validate.ts";
import { idParamSchema } from "../../shared/schemas/common.ts";
import { readJob } from "./service.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

const jobParam = z.object({ jobId: idParamSchema.shape.id });

export const ocrRoutes = new Hono<AppEnv>()
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
