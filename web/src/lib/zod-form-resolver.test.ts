import assert from "node:assert/strict";
import type { FieldErrors } from "react-hook-form";
import { z } from "zod";
import { zodFormResolver } from "./zod-form-resolver.ts";

type Values = { title: string; items: { name: string; quantity: number }[] };
const schema = z.object({
  title: z.string().min(1, "Title is required"),
  items: z.array(z.object({
    name: z.string().min(1, "Item name is required"),
    quantity: z.number().positive("Quantity must be above 0"),
  })).min(1, "Add at least one item"),
});

const resolve = async (values: Values) =>
  await zodFormResolver<Values>(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

Deno.test("[forms] an error inside an item row lands on that row's field, not on the list", async () => {
  const { errors } = await resolve({
    title: "",
    items: [{ name: "Paper", quantity: 2 }, { name: "", quantity: 0 }],
  }) as { errors: FieldErrors<Values> };
  assert.equal(errors.title?.message, "Title is required");
  assert.equal(errors.items?.[0], undefined);
  assert.equal(errors.items?.[1]?.name?.message, "Item name is required");
  assert.equal(errors.items?.[1]?.quantity?.message, "Quantity must be above 0");
});

Deno.test("[forms] a list-level rule is reported on the list; valid values pass through parsed", async () => {
  const empty = await resolve({ title: "Chairs", items: [] }) as { errors: FieldErrors<Values> };
  assert.equal(empty.errors.items?.root?.message ?? empty.errors.items?.message, "Add at least one item");
  const ok = await resolve({ title: "Chairs", items: [{ name: "Chair", quantity: 4 }] });
  assert.deepEqual(ok.errors, {});
  assert.deepEqual(ok.values, { title: "Chairs", items: [{ name: "Chair", quantity: 4 }] });
});
