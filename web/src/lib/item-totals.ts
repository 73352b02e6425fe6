/**
 * Live totals of an items form (quantity and estimated price as typed), in integer cents exactly as
 * the server sums them. A line with an invalid number counts as 0 until it is fixed.
 */
import { fromCents, sumCents, toCents } from "../../../src/shared/money.ts";

export type ItemAmounts = { quantity: string; estimatedPrice: string };

const WHOLE = /^\d+$/;

/** The budget of all lines, as a decimal string ("1234.50"). */
export function estimatedBudget(items: ItemAmounts[]): string {
  return fromCents(sumCents(items.map((item) => {
    const quantity = (item.quantity ?? "").trim();
    return {
      quantity: WHOLE.test(quantity) ? Number(quantity) : 0,
      priceCents: toCents(item.estimatedPrice || "0") ?? 0,
    };
  })));
}

export function lineTotal(item: ItemAmounts): string {
  return estimatedBudget([item]);
}

/**
 * The fields every request line sends (name, specification, quantity, unit), trimmed: a whole
 * quantity goes as a number, anything else as typed so validation names it; a blank unit is 'pcs'.
 */
export function itemLinePayload(item: { itemName: string; specification: string; quantity: string; unit: string }) {
  const quantity = item.quantity.trim();
  return {
    itemName: item.itemName.trim(),
    specification: item.specification.trim(),
    quantity: WHOLE.test(quantity) ? Number(quantity) : quantity,
    unit: item.unit.trim() || "pcs",
  };
}
