/**
 * Request validation with the shared zod schemas. The first issue's message becomes `message`
 * (the spec's rules are checked in order and the SPA shows the first), all issues go in `issues`.
 *
 * After the schema, every string of the request's value is checked once more for null bytes and
 * unpaired surrogates, so a route-local schema built on `z.string()` cannot let one through.
 */
import type { MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { BadRequest, validationError } from "./errors.ts";
import type { AppEnv } from "./deps.ts";
import { useOrganisationTimeZone } from "./organisation-time-zone.ts";
import { findUncleanText, TEXT_INVALID } from "../shared/schemas/common.ts";

export function validate<S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) {
  const inner = validator(target, schema, (result) => {
    if (!result.success) {
      const issues = (result.error ?? []).map((i) => ({
        path: (i.path ?? []).map((p) => (typeof p === "object" ? String(p.key) : String(p))).join("."),
        message: i.message,
      }));
      throw validationError(issues);
    }
    const path = findUncleanText(result.data);
    if (path !== undefined) throw new BadRequest("input.invalidText", [{ path, message: TEXT_INVALID }]);
  });
  return inner;
}

/**
 * Deadlines are "today or later" in the organisation's time zone: load it (cached) before any
 * request with a body is validated, whichever way the route parses it.
 */
export const organisationTimeZone: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS") {
    await useOrganisationTimeZone(c.get("deps").db);
  }
  await next();
};
