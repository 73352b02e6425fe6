/**
 * A react-hook-form resolver for the shared zod schemas (the small part of @hookform/resolvers we
 * need). Errors carry the schema's English message; forms translate them by field.
 */
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

export function zodFormResolver<TValues extends FieldValues>(schema: z.ZodType): Resolver<TValues> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as TValues, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "root");
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
