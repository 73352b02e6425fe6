/**
 * The checks a purchase request's and a bid request's full forms share, in the spec's order (the
 * first failure is the message): title, description, department, the form's own required text
 * (justification, qualification criteria), at least one item, every item named, every quantity valid.
 * Also the fields their items share.
 */
import { z } from "zod";
import { idSchema, safeString } from "./common.ts";

/** An optional text of at most `max` characters, "" when left out. */
export const formText = (max: number) => safeString().max(max, `Text is too long (max ${max})`).optional().default("");
/** A number as a number or a numeric string (the spec's clients send either); checked by the form's rules. */
export const numberInput = z.union([z.number(), safeString()]).optional();

/** The fields of a purchase request's and a bid request's items, before each form's own. */
export const requestItemFields = {
  itemName: safeString().max(200).optional().default(""),
  specification: formText(2000),
  quantity: numberInput,
  unit: safeString().trim().max(20).optional().default("pcs"),
  estimatedPrice: numberInput,
  categoryId: idSchema().optional(),
};

/** A whole number of 1 to 1,000,000, given as a number or a numeric string. */
export function isValidQuantity(q: unknown) {
  const n = typeof q === "string" ? Number(q) : q;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 1_000_000;
}

interface FormMessages {
  title: string;
  description: string;
  department: string;
  atLeastOneItem: string;
  itemNames: string;
  itemQuantities: string;
}

/** The first problem of the shared checks, with the path of its field; undefined when they pass. */
export function requestFormProblem(
  v: { title: string; description: string; department: string; items: { itemName: string; quantity?: unknown }[] },
  own: { field: string; value: string; message: string },
  messages: FormMessages,
): { message: string; path: (string | number)[] } | undefined {
  if (!v.title.trim()) return { message: messages.title, path: ["title"] };
  if (!v.description.trim()) return { message: messages.description, path: ["description"] };
  if (!v.department.trim()) return { message: messages.department, path: ["department"] };
  if (!own.value.trim()) return { message: own.message, path: [own.field] };
  if (!v.items.length) return { message: messages.atLeastOneItem, path: ["items"] };
  const noName = v.items.findIndex((i) => !i.itemName.trim());
  if (noName >= 0) return { message: messages.itemNames, path: ["items", noName, "itemName"] };
  const badQty = v.items.findIndex((i) => !isValidQuantity(i.quantity ?? 1));
  if (badQty >= 0) return { message: messages.itemQuantities, path: ["items", badQty, "quantity"] };
}
