/**
 * The purchase order register: list with filters and totals, detail with lines,
 * receipts and history, the PDF, the vendor's acknowledgement or decline, goods receipts, closing
 * and cancelling. Staff read with `purchase_orders.view`; a vendor reads the same routes filtered to
 * its own orders (another vendor's order answers 404).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { allow, roles } from "../../auth/guard.ts";
import { readObjectAndFiles } from "../../lib/body.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
import { hasPermission } from "../../shared/permissions.ts";
import { ROLE_NAMES } from "../../shared/roles.ts";
import { idParamSchema } from "../../shared/schemas/common.ts";
import {
  acknowledgeSchema,
  cancelSchema,
  declineSchema,
  purchaseOrderListQuerySchema,
  receiptSchema,
  updatePurchaseOrderSchema,
} from "../../shared/schemas/purchase-orders.ts";
import { checkUpload } from "../../files/storage.ts";
import { safeFilename } from "../../lib/pdf/text.ts";
import { renderPurchaseOrderPdf } from "./document.ts";
import * as q from "./queries.ts";
import * as service from "./service.ts";
import * as r from "../../shared/schemas/responses/purchase-orders.ts";
import { historySchema } from "../../shared/schemas/responses/history.ts";
import { z } from "zod";
import { conforming } from "../../lib/api-contract.ts";

const TAGS = ["purchase-orders"];
/** Staff holding purchase_orders.view, and vendors (their own orders only, checked per row). */
const READERS = [
  ...ROLE_NAMES.filter((r) => r !== "vendor" && hasPermission(r, "purchase_orders.view")),
  "vendor" as const,
];

function scope(c: Context<AppEnv>) {
  const me = c.get("user")!;
  return me.role === "vendor" ? { ownVendorId: me.id } : {};
}

export const purchaseOrderRoutes = new Hono<AppEnv>()
  .get(
    "/api/purchase-orders",
    roles(READERS, {
      tags: TAGS,
      summary: "The register: filters (status, vendor, dates, amounts, request, search), newest first (X-Total-Count)",
      ok: r.purchaseOrderListSchema,
    }),
    validate("query", purchaseOrderListQuerySchema),
    async (c) => {
      const { items, total } = await q.listPurchaseOrders(c.get("deps").db, { ...c.req.valid("query"), ...scope(c) });
      c.header("X-Total-Count", String(total));
      return c.json(conforming(r.purchaseOrderListSchema, items));
    },
  )
  .get(
    "/api/purchase-orders/totals",
    roles(READERS, {
      tags: TAGS,
      summary: "Count and sum of the register's filter, per currency",
      ok: r.purchaseOrderTotalsSchema,
    }),
    validate("query", purchaseOrderListQuerySchema),
    async (c) => {
      const totals = await q.purchaseOrderTotals(c.get("deps").db, { ...c.req.valid("query"), ...scope(c) });
      return c.json({ count: totals.reduce((n, t) => n + t.count, 0), totals });
    },
  )
  .get(
    "/api/purchase-orders/vendors",
    roles(READERS, {
      tags: TAGS,
      summary: "Vendors that hold purchase orders (the register's vendor filter)",
      ok: r.purchaseOrderVendorsSchema,
    }),
    async (c) => c.json(await q.purchaseOrderVendors(c.get("deps").db, scope(c).ownVendorId)),
  )
  .get(
    "/api/purchase-orders/:id",
    roles(READERS, {
      tags: TAGS,
      summary: "One order: lines (ordered, received), source links, award, receipts and history (staff)",
      ok: r.purchaseOrderDetailSchema,
    }),
    validate("param", idParamSchema),
    async (c) =>
      c.json(
        conforming(
          r.purchaseOrderDetailSchema,
          await service.purchaseOrderDetail(c.get("deps").db, c, c.req.valid("param").id),
        ),
      ),
  )
  .get(
    "/api/purchase-orders/:id/history",
    roles(READERS, {
      tags: TAGS,
      summary: "The order's history as readable entries, oldest first (a vendor: its own orders only)",
      ok: historySchema,
    }),
    validate("param", idParamSchema),
    async (c) => c.json(await service.purchaseOrderAuditHistory(c.get("deps").db, c, c.req.valid("param").id)),
  )
  .get(
    "/api/purchase-orders/:id/pdf",
    roles(READERS, { tags: TAGS, summary: "The purchase order as a PDF", ok: { media: "application/pdf" } }),
    validate("param", idParamSchema),
    async (c) => {
      const po = await service.purchaseOrderDetail(c.get("deps").db, c, c.req.valid("param").id);
      const bytes = await renderPurchaseOrderPdf(
        c.get("deps").db,
        po.id,
        c.req.query("lang") ?? "",
        c.get("deps").objectStore,
      );
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${safeFilename(po.poNumber)}.pdf"`,
        "Cache-Control": "private, no-store",
      });
    },
  )
  .patch(
    "/api/purchase-orders/:id",
    allow("purchase_orders.manage", {
      tags: TAGS,
      summary: "Set the requested delivery date (optional version check)",
      ok: r.purchaseOrderDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(updatePurchaseOrderSchema, async (c, id) => {
      const { requestedDeliveryDate, version } = c.req.valid("json");
      await service.setRequestedDelivery(c, id, requestedDeliveryDate, version);
      return c.json(await service.purchaseOrderDetail(c.get("deps").db, c, id));
    }),
  )
  .post(
    "/api/purchase-orders/:id/acknowledge",
    roles(["vendor"], {
      tags: TAGS,
      summary: "The vendor acknowledges its order, optionally with a promised date",
      ok: r.purchaseOrderDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(acknowledgeSchema, async (c, id) => {
      await service.acknowledge(c, id, c.req.valid("json").promisedDeliveryDate);
      return c.json(await service.purchaseOrderDetail(c.get("deps").db, c, id));
    }),
  )
  .post(
    "/api/purchase-orders/:id/decline",
    roles(["vendor"], {
      tags: TAGS,
      summary: "The vendor declines its order, with a reason",
      ok: r.purchaseOrderDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(declineSchema, async (c, id) => {
      await service.decline(c, id, c.req.valid("json").reason);
      return c.json(await service.purchaseOrderDetail(c.get("deps").db, c, id));
    }),
  )
  .post(
    "/api/purchase-orders/:id/cancel",
    allow("purchase_orders.manage", {
      tags: TAGS,
      summary: "Cancel, with a reason; only before any receipt (409)",
      ok: r.purchaseOrderDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(cancelSchema, async (c, id) => {
      await service.cancel(c, id, c.req.valid("json").reason);
      return c.json(await service.purchaseOrderDetail(c.get("deps").db, c, id));
    }),
  )
  .post(
    "/api/purchase-orders/:id/close",
    allow("purchase_orders.manage", {
      tags: TAGS,
      summary: "Close an order whose goods were (partly) received",
      ok: r.purchaseOrderDetailSchema,
      errors: [409],
    }),
    ...withId(async (c, id) => {
      await service.close(c, id);
      return c.json(await service.purchaseOrderDetail(c.get("deps").db, c, id));
    }),
  )
  .post(
    "/api/purchase-orders/:id/receipts",
    allow("purchase_orders.receive", {
      tags: TAGS,
      summary: "Record a goods receipt: JSON, or multipart with `receipt` (JSON) and an optional `deliveryNote` file",
      ok: r.receiptCreatedSchema,
      status: 201,
      errors: [409, 413, 415],
      body: receiptSchema,
      alsoJson: true,
      multipart: z.object({
        receipt: z.string().describe("The receipt as JSON (the application/json body's shape)"),
        deliveryNote: z.file().optional(),
      }),
    }),
    ...withId(async (c, id) => {
      const { value: input, files } = await readObjectAndFiles(
        c,
        "receipt",
        receiptSchema,
        "purchaseOrders.receiptJson",
      );
      const uploads = files.deliveryNote ?? [];
      if (uploads.length > 1) {
        throw new BadRequest("purchaseOrders.oneDeliveryNote", [{
          path: "deliveryNote",
          message: "Attach at most one delivery note",
        }]);
      }
      let note: service.DeliveryNote | undefined;
      if (uploads[0]) {
        note = { name: uploads[0].name, bytes: new Uint8Array(await uploads[0].arrayBuffer()) };
        // Type and size by content before anything is written (413 / 415).
        checkUpload(note.bytes, service.RECEIPT_KINDS, "Delivery note");
      }
      const receipt = await service.receive(c, id, input, note);
      return c.json({ receipt, purchaseOrder: await service.purchaseOrderDetail(c.get("deps").db, c, id) }, 201);
    }),
  );
