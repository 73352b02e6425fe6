/**
 * Set-up through the API for end-to-end files that start after the award: a purchase request in a
 * category the vendor supplies, approved, quoted by the vendor and awarded, so a purchase order
 * exists; optionally acknowledged by the vendor with a promised delivery date.
 */
import assert from "node:assert/strict";
import type { TestPage } from "./helpers.ts";

export interface OrderLine {
  name: string;
  quantity: number;
  unitPrice: string;
}

export interface AwardedOrder {
  purchaseRequestId: number;
  purchaseOrder: { id: number; poNumber: string };
}

export function dateInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** `team` raises, `manager` approves and awards, `vendor` quotes (each a signed-in tab). */
export async function awardedOrder(
  tabs: { team: TestPage; manager: TestPage; vendor: TestPage },
  order: { title: string; categoryId: number; lines: OrderLine[]; promisedInDays?: number },
): Promise<AwardedOrder> {
  const team = tabs.team.context.request;
  const manager = tabs.manager.context.request;
  const vendor = tabs.vendor.context.request;
  const created = await team.post("/api/purchase-requests", {
    data: {
      title: order.title,
      description: `${order.title}: set-up of an end-to-end test.`,
      department: "Facilities",
      justification: "Needed for the test's journey.",
      requestType: "vendor_quote",
      categoryId: order.categoryId,
      deadline: dateInDays(20),
      items: order.lines.map((l) => ({
        itemName: l.name,
        quantity: l.quantity,
        unit: "pcs",
        estimatedPrice: l.unitPrice,
        categoryId: order.categoryId,
      })),
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const pr = await created.json() as { id: number };
  const approved = await manager.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
  assert.equal(approved.status(), 200, await approved.text());
  const detail = await (await team.get(`/api/purchase-requests/${pr.id}`)).json() as { items: { id: number }[] };
  const quoted = await vendor.post("/api/vendor/quotations", {
    data: {
      purchaseRequestId: pr.id,
      items: detail.items.map((i, n) => ({ itemId: i.id, unitPrice: order.lines[n].unitPrice })),
      validityPeriod: 30,
      leadTimeDays: 5,
    },
  });
  assert.equal(quoted.status(), 201, await quoted.text());
  const quotation = await quoted.json() as { id: number };
  const awarded = await manager.post(`/api/purchase-requests/${pr.id}/award`, { data: { quotationId: quotation.id } });
  assert.equal(awarded.status(), 201, await awarded.text());
  const { purchaseOrder } = await awarded.json() as AwardedOrder;
  if (order.promisedInDays !== undefined) {
    const acknowledged = await vendor.post(`/api/purchase-orders/${purchaseOrder.id}/acknowledge`, {
      data: { promisedDeliveryDate: dateInDays(order.promisedInDays) },
    });
    assert.equal(acknowledged.status(), 200, await acknowledged.text());
  }
  return { purchaseRequestId: pr.id, purchaseOrder };
}
