import { z } from "zod";
import { idSchema, safeString } from "./common.ts";

export const CATEGORY_NAME_REQUIRED = "Category name is required.";

export const categorySchema = z.object({
  name: safeString(CATEGORY_NAME_REQUIRED).trim().min(1, CATEGORY_NAME_REQUIRED).max(
    100,
    "Category name is too long",
  ),
  description: safeString().trim().max(1000, "Description is too long").optional().default(""),
  isActive: z.boolean().optional(),
});

export const categoryIdsSchema = z.object({
  categoryIds: z.array(idSchema(), { error: "categoryIds must be a list of ids" }).max(100),
});
