import { z } from "zod";

export const CATEGORY_NAME_REQUIRED = "Category name is required.";

export const categorySchema = z.object({
  name: z.string({ error: CATEGORY_NAME_REQUIRED }).trim().min(1, CATEGORY_NAME_REQUIRED).max(
    100,
    "Category name is too long",
  ),
  description: z.string().trim().max(1000, "Description is too long").optional().default(""),
  isActive: z.boolean().optional(),
});

export const categoryIdsSchema = z.object({
  categoryIds: z.array(z.coerce.number().int().positive(), { error: "categoryIds must be a list of ids" }).max(100),
});
