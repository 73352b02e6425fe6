/**
 * The one statement that writes a request's items, for purchase requests and bid requests alike:
 * their features' create and edit, and the demo seed. One INSERT of parallel arrays (unnest), the
 * position from their order, the new ids back in that order. The two tables share their columns but
 * for the spelling of the specification and two texts of their own (a purchase request item's urgency
 * and notes; a bid item's technical requirements and evaluation criteria). It lives in src/db because
 * the seed imports no feature (docs/decisions/027-service-layer.md).
 */
import { fromCents, toCents } from "../shared/money.ts";
import type { Queryable } from "./types.ts";

const TABLES = {
  purchase_request: {
    table: "purchase_request_items",
    parent: "purchase_request_id",
    specification: "specifications",
    texts: ["urgency", "notes"],
  },
  bid_request: {
    table: "bid_request_items",
    parent: "bid_request_id",
    specification: "specification",
    texts: ["technical_requirements", "evaluation_criteria"],
  },
} as const;

export type RequestKind = keyof typeof TABLES;

/** What the items of both kinds of request have. */
export interface RequestItemCommon {
  name: string;
  quantity: number;
  unit: string;
  estimatedPriceCents: number;
  categoryId: number | null;
}

/**
 * The shared columns of an item as a validated form gives it (src/shared/schemas/request-form.ts):
 * the name trimmed, quantity 1 and unit "pcs" when left out, the price in cents, the category defaulted.
 */
export function itemCommon(
  i: {
    itemName: string;
    quantity?: number | string;
    unit: string;
    estimatedPrice?: number | string;
    categoryId?: number;
  },
  defaultCategory: number | null,
): RequestItemCommon {
  return {
    name: i.itemName.trim(),
    quantity: Number(i.quantity ?? 1),
    unit: i.unit || "pcs",
    estimatedPriceCents: toCents(i.estimatedPrice ?? 0)!,
    categoryId: i.categoryId ?? defaultCategory,
  };
}

export interface RequestItemValues extends RequestItemCommon {
  specification: string;
  /** The table's own two texts: urgency and notes, or technical requirements and evaluation criteria. */
  texts: readonly [string, string];
}

/** Inserts the items of request `parentId` in one statement; returns their ids in the items' order. */
export async function insertRequestItems(
  tx: Queryable,
  kind: RequestKind,
  parentId: number,
  items: RequestItemValues[],
): Promise<number[]> {
  const t = TABLES[kind];
  const rows = await tx.query<{ id: number }>(
    `insert into ${t.table} (${t.parent}, position, name, ${t.specification}, quantity, unit, estimated_price,
        category_id, ${t.texts[0]}, ${t.texts[1]})
     select $1, t.ord - 1, t.name, t.spec, t.qty, t.unit, t.price::numeric, t.cat, t.a, t.b
       from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[])
         with ordinality as t(name, spec, qty, unit, price, cat, a, b, ord)
      order by t.ord
     returning id`,
    [
      parentId,
      items.map((i) => i.name),
      items.map((i) => i.specification),
      items.map((i) => i.quantity),
      items.map((i) => i.unit),
      items.map((i) => fromCents(i.estimatedPriceCents)),
      items.map((i) => i.categoryId),
      items.map((i) => i.texts[0]),
      items.map((i) => i.texts[1]),
    ],
  );
  return rows.map((r) => r.id);
}
