/**
 * The react-hook-form resolver for the shared zod schemas: @hookform/resolvers' zodResolver, which
 * keeps nested paths (an error in `items.2.quantity` lands on that row's field, not on `items`).
 * The forms keep one value type for input and output (they convert on submit), hence the cast.
 * Errors carry the schema's English message; forms translate them by field.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

export function zodFormResolver<TValues extends FieldValues>(schema: z.ZodType): Resolver<TValues> {
  return zodResolver(schema as z.ZodType<unknown, FieldValues>) as unknown as Resolver<TValues>;
}
