/**
 * SQL of a quotation's items: the one statement that writes them, for an open submission (the
 * opportunities feature) and for a sealed one when its bid is unsealed (src/sealing). It lives here,
 * outside both, because src/sealing imports no feature (docs/decisions/027-service-layer.md).
 */
import type { Queryable } from "./types.ts";

/** A quotation's line as written and read: the request's item it prices, and the vendor's figures. */
export interface QuotationItemFields {
  itemId: number;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
  notes: string;
}

export async function insertQuotationItems(
  tx: Queryable,
  quotationId: number,
  kind: "purchase_request" | "bid_request",
  items: QuotationItemFields[],
) {
  const column = kind === "purchase_request" ? "purchase_request_item_id" : "bid_request_item_id";
  await tx.query(
    `insert into quotation_items (quotation_id, ${column}, name, quantity, unit, unit_price, total_price, notes)
     select $1, t.item, t.name, t.qty, t.unit, t.price::numeric, t.total::numeric, t.notes
       from unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[])
         as t(item, name, qty, unit, price, total, notes)`,
    [
      quotationId,
      items.map((i) => i.itemId),
      items.map((i) => i.name),
      items.map((i) => i.quantity),
      items.map((i) => i.unit),
      items.map((i) => i.unitPrice),
      items.map((i) => i.totalPrice),
      items.map((i) => i.notes),
    ],
  );
}
