/**
 * The purchase order after the award: the vendor acknowledges or declines it, staff receive goods
 * against its lines (partial receipts, over-receipt only with a reason), close or cancel it.
 *
 * Every change locks the order row first (SELECT ... FOR UPDATE), checks the move against
 * PURCHASE_ORDER_TRANSITIONS (the database's trigger holds the same list), writes, audits and
 * queues its emails in the same transaction. Receipts count what was received under that lock, so
 * two receipts at once are counted one after the other and never pass the ordered quantity
 * without a reason.
 */
import type { Context } from "hono";
import { audit } from "../../audit/audit.ts";
import { documentHistory } from "../../audit/history.ts";
import type { Queryable } from "../../db/types.ts";
import { storeFile } from "../../files/storage.ts";
import type { FileKind } from "../../files/detect.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, NotFound } from "../../lib/errors.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { notifyUsers } from "../../notify/in-app.ts";
import type { EmailValues } from "../../shared/email-render.ts";
import { parseDateValue, todayInOrganisation } from "../../shared/schemas/common.ts";
import {
  fromThousandths,
  PO_MESSAGES,
  PURCHASE_ORDER_TRANSITIONS,
  type PurchaseOrderStatus,
  type receiptSchema,
  RECEIVABLE_STATUSES,
  RECEIVED_STATUSES,
  toThousandths,
} from "../../shared/schemas/purchase-orders.ts";
import type { z } from "zod";
import { vendorCompanyName } from "../vendors/service.ts";
import * as q from "./queries.ts";

type Ctx = Context<AppEnv>;
/** A delivery note is a scan or a PDF. */
export const RECEIPT_KINDS: readonly FileKind[] = ["pdf", "png", "jpeg"];
const human = (s: string) => s.replace(/_/g, " ");

/** The address of an order in the app (the email link). */
export function purchaseOrderLink(c: Ctx, id: number): string {
  const origin = c.get("deps").config.publicUrl ?? new URL(c.req.url).origin;
  return `${origin}/purchase-orders/${id}`;
}

/** Called by the award, in its transaction, right after the order is inserted. */
export async function onPurchaseOrderIssued(tx: Queryable, poId: number) {
  await q.setRequestedDeliveryFromRequest(tx, poId);
}

/** Locks an order; a vendor reaches only its own (another's answers 404, as if it did not exist). */
async function lockFor(tx: Queryable, c: Ctx, id: number) {
  const po = await q.lockPurchaseOrder(tx, id);
  const me = c.get("user")!;
  if (!po || (me.role === "vendor" && po.vendorId !== me.id)) throw new NotFound("quotations.purchaseOrderNotFound");
  return po;
}

function assertMove(po: q.LockedPurchaseOrder, to: PurchaseOrderStatus) {
  return PURCHASE_ORDER_TRANSITIONS[po.status].includes(to);
}

async function logChange(
  tx: Queryable,
  c: Ctx,
  po: q.LockedPurchaseOrder,
  event: string,
  to: PurchaseOrderStatus | null,
  extra: Record<string, unknown> = {},
) {
  await audit(tx, c, {
    action: to && to !== po.status ? "STATUS_CHANGE" : "UPDATE",
    entityType: "purchase_order",
    entityId: po.id,
    metadata: {
      event,
      poNumber: po.poNumber,
      ...extra,
      ...(to && to !== po.status ? { changes: { status: { from: po.status, to } } } : {}),
    },
  });
}

/** Emails staff about an order (the request's author and the purchase team), each in their language. */
async function notifyStaff(
  tx: Queryable,
  c: Ctx,
  po: q.LockedPurchaseOrder,
  template: "purchase_order_acknowledged" | "purchase_order_declined" | "purchase_order_received",
  values: EmailValues,
  onlyRequester = false,
) {
  const s = await getSettings(tx, ["email_notifications_enabled"]);
  if (!isOn(s.email_notifications_enabled ?? "true")) return;
  const request = await q.requestAuthor(tx, po);
  const vendor = await vendorCompanyName(tx, po.vendorId);
  const recipients = onlyRequester
    ? (request ? [{ email: request.email }] : [])
    : await q.staffRecipients(tx, request?.id ?? null);
  const all: EmailValues = {
    poNumber: po.poNumber,
    vendorName: vendor?.name ?? "",
    title: request?.title ?? "",
    requestNumber: request?.number ?? "",
    link: purchaseOrderLink(c, po.id),
    ...values,
  };
  for (const to of new Set(recipients.map((r) => r.email))) {
    await enqueueTemplated(tx, { to, template, values: all });
  }
}

/**
 * In the bell: an order's news for its request's author and whoever issued it (staff), or for its
 * vendor; never the one who caused it.
 */
async function tell(
  tx: Queryable,
  c: Ctx,
  po: q.LockedPurchaseOrder,
  type: "po_acknowledged" | "po_declined" | "receipt_recorded",
  to: "staff" | "vendor",
  params: Record<string, string | null> = {},
) {
  const request = await q.requestAuthor(tx, po);
  const staff = to === "staff" ? [request?.id, await q.issuedBy(tx, po.id)] : [po.vendorId];
  const about = { poNumber: po.poNumber, number: request?.number ?? "", title: request?.title ?? "", ...params };
  await notifyUsers(
    tx,
    staff,
    { type, entity: { kind: "purchase_order", id: po.id }, params: about },
    c.get("user")!.id,
  );
}

export async function acknowledge(c: Ctx, id: number, promisedDeliveryDate: string | null) {
  await c.get("deps").db.tx(async (tx) => {
    const po = await lockFor(tx, c, id);
    if (po.status !== "issued") {
      throw new Conflict("purchaseOrders.notAnswerable", { number: po.poNumber, status: human(po.status) });
    }
    await q.updatePurchaseOrder(tx, id, { status: "acknowledged", acknowledged: true, promisedDeliveryDate });
    await logChange(tx, c, po, "acknowledged", "acknowledged", { promisedDeliveryDate });
    await tell(tx, c, po, "po_acknowledged", "staff", { promisedDeliveryDate });
    await notifyStaff(tx, c, po, "purchase_order_acknowledged", {
      promisedDeliveryDate: promisedDeliveryDate ? { date: promisedDeliveryDate } : "-",
    });
  });
}

export async function decline(c: Ctx, id: number, reason: string) {
  await c.get("deps").db.tx(async (tx) => {
    const po = await lockFor(tx, c, id);
    if (po.status !== "issued") {
      throw new Conflict("purchaseOrders.notAnswerable", { number: po.poNumber, status: human(po.status) });
    }
    await q.updatePurchaseOrder(tx, id, { status: "declined", declinedReason: reason });
    await logChange(tx, c, po, "declined", "declined", { reason });
    await tell(tx, c, po, "po_declined", "staff", { reason: reason.slice(0, 200) });
    await notifyStaff(tx, c, po, "purchase_order_declined", { reason });
  });
}

export async function cancel(c: Ctx, id: number, reason: string) {
  await c.get("deps").db.tx(async (tx) => {
    const po = await lockFor(tx, c, id);
    if (RECEIVED_STATUSES.includes(po.status)) {
      throw new Conflict("purchaseOrders.cancelAfterReceipt", { number: po.poNumber });
    }
    if (!assertMove(po, "cancelled")) {
      throw new Conflict("purchaseOrders.notCancellable", { number: po.poNumber, status: human(po.status) });
    }
    await q.updatePurchaseOrder(tx, id, {
      status: "cancelled",
      cancelledReason: reason,
      cancelledBy: c.get("user")!.id,
    });
    await logChange(tx, c, po, "cancelled", "cancelled", { reason });
  });
}

export async function close(c: Ctx, id: number) {
  await c.get("deps").db.tx(async (tx) => {
    const po = await lockFor(tx, c, id);
    if (!assertMove(po, "closed")) {
      throw new Conflict("purchaseOrders.notClosable", { number: po.poNumber, status: human(po.status) });
    }
    await q.updatePurchaseOrder(tx, id, { status: "closed", closed: true });
    await logChange(tx, c, po, "closed", "closed");
  });
}

export async function setRequestedDelivery(c: Ctx, id: number, date: string | null, version?: number) {
  await c.get("deps").db.tx(async (tx) => {
    const po = await lockFor(tx, c, id);
    if (version !== undefined && version !== po.version) {
      throw new Conflict("purchaseOrders.versionConflict", { number: po.poNumber });
    }
    if (!["issued", "acknowledged", "declined"].includes(po.status)) {
      throw new Conflict("purchaseOrders.notEditable", { number: po.poNumber, status: human(po.status) });
    }
    if (po.requestedDeliveryDate === date) return;
    await q.updatePurchaseOrder(tx, id, { requestedDeliveryDate: date });
    await logChange(tx, c, po, "requested_delivery_date", null, {
      changes: { requestedDeliveryDate: { from: po.requestedDeliveryDate, to: date } },
    });
  });
}

export interface DeliveryNote {
  name: string;
  bytes: Uint8Array;
}

/** One goods receipt: lines, notes, an optional delivery note; one transaction. */
export async function receive(
  c: Ctx,
  id: number,
  input: z.output<typeof receiptSchema>,
  deliveryNote?: DeliveryNote,
) {
  const me = c.get("user")!;
  const { db, objectStore } = c.get("deps");
  let receivedAt: Date | null = null;
  if (input.receivedAt) {
    const p = parseDateValue(input.receivedAt)!;
    const future = p.calendarDate ? p.calendarDate > todayInOrganisation() : p.instant.getTime() > Date.now() + 60_000;
    if (future) {
      throw new BadRequest("generic.validation", [{ path: "receivedAt", message: PO_MESSAGES.receivedInFuture }], {
        message: PO_MESSAGES.receivedInFuture,
      });
    }
    receivedAt = p.instant;
  }
  const seen = new Set<number>();
  input.lines.forEach((l, n) => {
    if (seen.has(l.quotationItemId)) {
      throw new BadRequest("purchaseOrders.duplicateLine", [{
        path: `lines.${n}.quotationItemId`,
        message: "Each line may appear only once in a receipt",
      }]);
    }
    seen.add(l.quotationItemId);
  });

  return await db.tx(async (tx) => {
    const po = await lockFor(tx, c, id);
    if (!RECEIVABLE_STATUSES.includes(po.status)) {
      throw new Conflict("purchaseOrders.notReceivable", { number: po.poNumber, status: human(po.status) });
    }
    const lines = await q.lineQuantities(tx, po.quotationId);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const after = new Map(lines.map((l) => [l.id, toThousandths(l.received)]));
    input.lines.forEach((l, n) => {
      const line = byId.get(l.quotationItemId);
      if (!line) {
        throw new BadRequest("purchaseOrders.unknownLine", [{
          path: `lines.${n}.quotationItemId`,
          message: `This purchase order has no line ${l.quotationItemId}`,
        }], { id: l.quotationItemId });
      }
      const total = after.get(line.id)! + toThousandths(l.quantity);
      const ordered = BigInt(line.quantity) * 1000n;
      if (total > ordered && !l.overReceiptReason) {
        const params = { item: line.name, received: fromThousandths(total), ordered: line.quantity };
        throw new BadRequest("purchaseOrders.overReceipt", [{
          path: `lines.${n}.overReceiptReason`,
          message: PO_MESSAGES.overReceiptReasonRequired,
        }], params);
      }
      after.set(line.id, total);
    });

    const file = deliveryNote
      ? await storeFile(tx, {
        ownerUserId: me.id,
        filename: deliveryNote.name,
        bytes: deliveryNote.bytes,
        purpose: "other",
        allowed: RECEIPT_KINDS,
      }, objectStore)
      : null;
    const receipt = await q.insertReceipt(tx, {
      purchaseOrderId: po.id,
      receivedAt,
      receivedBy: me.id,
      notes: input.notes,
      fileId: file?.id ?? null,
    });
    for (const l of input.lines) {
      await q.insertReceiptLine(tx, {
        receiptId: receipt.id,
        quotationItemId: l.quotationItemId,
        quantity: l.quantity,
        overReceiptReason: l.overReceiptReason,
      });
    }
    const complete = lines.every((l) => after.get(l.id)! >= BigInt(l.quantity) * 1000n);
    const to: PurchaseOrderStatus = complete ? "received" : "partially_received";
    // received stays received (an over-receipt); partially received never goes back.
    const next = po.status === "received" ? "received" : to;
    if (next !== po.status) await q.updatePurchaseOrder(tx, po.id, { status: next });
    else await q.updatePurchaseOrder(tx, po.id, {});
    await logChange(tx, c, po, "goods_received", next, {
      goodsReceiptId: receipt.id,
      lines: input.lines.map((l) => ({
        quotationItemId: l.quotationItemId,
        name: byId.get(l.quotationItemId)!.name,
        quantity: l.quantity,
        ...(l.overReceiptReason ? { overReceiptReason: l.overReceiptReason } : {}),
      })),
      ...(input.notes ? { notes: input.notes } : {}),
      ...(file ? { deliveryNoteFileId: file.id } : {}),
    });
    // The requester (unless they recorded it) and the vendor hear of each receipt.
    await tell(tx, c, po, "receipt_recorded", "staff", { status: next });
    await tell(tx, c, po, "receipt_recorded", "vendor", { status: next });
    if (next === "received" && po.status !== "received") {
      await notifyStaff(tx, c, po, "purchase_order_received", {}, true);
    }
    return { id: receipt.id, status: next };
  });
}

/**
 * The order's readable history (src/audit/history.ts), oldest first: staff, and its own vendor (the
 * events concern it); another vendor's order answers 404 as its detail does.
 */
export async function purchaseOrderAuditHistory(db: Queryable, c: Ctx, id: number) {
  const me = c.get("user")!;
  const po = await q.getPurchaseOrder(db, id);
  if (!po || (me.role === "vendor" && po.vendorId !== me.id)) throw new NotFound("quotations.purchaseOrderNotFound");
  const entries = await documentHistory(db, c.get("deps").secrets.sealedBidKey, "purchase_order", id);
  // Goods receipts are staff's own record (a vendor's order detail has none either).
  return me.role === "vendor" ? entries.filter((e) => VENDOR_EVENTS.has(e.action)) : entries;
}

/** What a vendor's order history shows: the order's own moves, not staff's receipts. */
const VENDOR_EVENTS = new Set(["issued", "acknowledged", "declined", "cancelled", "closed", "deliveryDateChanged"]);

/** One order as its reader may see it: staff get receipts, history and the award; its vendor the order and lines. */
export async function purchaseOrderDetail(db: Queryable, c: Ctx, id: number) {
  const me = c.get("user")!;
  const po = await q.getPurchaseOrder(db, id);
  // A vendor learns nothing about other vendors' orders, not even that they exist.
  if (!po || (me.role === "vendor" && po.vendorId !== me.id)) throw new NotFound("quotations.purchaseOrderNotFound");
  const lines = await q.purchaseOrderLines(db, po.quotationId);
  const { requestCreatedBy: _r, award, ...order } = po;
  if (me.role === "vendor") return { ...order, lines };
  const [receipts, history] = await Promise.all([q.purchaseOrderReceipts(db, id), q.purchaseOrderHistory(db, id)]);
  return { ...order, lines, award, receipts, history };
}
