/**
 * Request validation with the shared zod schemas. The first issue's message becomes `message`
 * (the spec's rules are checked in order and the SPA shows the first), all issues go in `issues`.
 */
import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { validationError } from "./errors.ts";

export function validate<S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const issues = (result.error ?? []).map((i) => ({
        path: (i.path ?? []).map((p) => (typeof p === "object" ? String(p.key) : String(p))).join("."),
        message: i.message,
      }));
      throw validationError(issues);
    }
  });
}
