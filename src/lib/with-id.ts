/**
 * The tail of a route on one record (`/…/:id`): the id parameter's validation (an id that is not a
 * positive integer answers 400 `generic.validation`, src/lib/validate.ts), the JSON body's when the
 * route takes one, and the handler, given the parsed id. Spread after the route's guard:
 *
 *   .post("/api/things/:id/close", allow("things.manage", {...}), ...withIdAndJson(closeSchema, async (c, id) => {...}))
 *
 * The validators are the same middlewares a route would list itself, in the same order, so the
 * OpenAPI document (parameters, request body, the 400 answer) reads them as before.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./deps.ts";
import { validate } from "./validate.ts";
import { idParamSchema } from "../shared/schemas/common.ts";

type IdParam = { param: z.output<typeof idParamSchema> };
type WithJson<S extends z.ZodType> = { json: z.output<S> };

/** The context of a handler on one record, with the parsed parameters (and body) of its validators. */
export type IdContext<Out extends object = IdParam> = Context<AppEnv, string, { out: Out }>;

/** Validates `:id`, then runs the handler with it. */
export function withId<R>(handler: (c: IdContext, id: number) => R) {
  return [validate("param", idParamSchema), (c: IdContext) => handler(c, c.req.valid("param").id)] as const;
}

/** Validates `:id` and the JSON body (`c.req.valid("json")` in the handler), then runs the handler with the id. */
export function withIdAndJson<S extends z.ZodType, R>(
  schema: S,
  handler: (c: IdContext<IdParam & WithJson<S>>, id: number) => R,
) {
  return [
    validate("param", idParamSchema),
    validate("json", schema),
    (c: IdContext<IdParam & WithJson<S>>) => handler(c, c.req.valid("param").id),
  ] as const;
}
