/**
 * Every /api route declares who may call it with exactly one of these middlewares. They also carry
 * the route's OpenAPI description (with `x-permission` or `x-public`), so the generated document
 * and the route-table test both see the declaration.
 */
import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol } from "hono-openapi";
import type { DescribeRouteOptions } from "hono-openapi";
import { ACCESS, answers, CONTRACT, type ContractOptions, isMedia } from "../lib/api-contract.ts";
import { hasPermission, type Permission } from "../shared/permissions.ts";
import type { RoleName } from "../shared/roles.ts";
import { Forbidden, Unauthorized } from "../lib/errors.ts";
import type { AppEnv } from "../lib/deps.ts";

export { ACCESS };
export type Access =
  | { kind: "public" }
  | { kind: "signed-in" }
  | { kind: "permission"; permission: Permission }
  | { kind: "role"; roles: RoleName[] };

/** The route's description and its contract (src/lib/api-contract.ts): success answer, extra error statuses, hand-parsed bodies. */
type RouteDoc = Omit<DescribeRouteOptions, "hide" | "responses"> & ContractOptions;

/**
 * The parts of the OpenAPI operation hono-openapi resolves from zod: the success answer and the
 * bodies the handler parses itself. The error answers are added by buildOpenApi (they depend on
 * the route's method, path and validators, which the guard does not see).
 */
function operation(doc: RouteDoc): DescribeRouteOptions {
  const { ok, status, errors: _errors, body, multipart, alsoJson, also: _also, ...rest } = doc;
  const success = answers({ method: "GET", path: "", isPublic: true, validates: false, contract: { ok, status } })
    .get(status ?? 200)!;
  const content = isMedia(ok)
    ? Object.fromEntries(
      [ok.media].flat().map((media) => [
        media,
        { schema: media.startsWith("text/") ? { type: "string" } : { type: "string", format: "binary" } },
      ]),
    )
    : ok
    ? { "application/json": { schema: resolver(ok) } }
    : undefined;
  const requestBody = multipart
    ? {
      required: true,
      content: {
        "multipart/form-data": { schema: resolver(multipart) },
        ...(alsoJson && body ? { "application/json": { schema: resolver(body) } } : {}),
      },
    }
    : body
    ? { required: true, content: { "application/json": { schema: resolver(body) } } }
    : undefined;
  return {
    ...rest,
    ...(requestBody ? { requestBody } : {}),
    responses: { [status ?? 200]: { description: success.description, ...(content ? { content } : {}) } },
  } as DescribeRouteOptions;
}

/**
 * The checks are plain functions returning `next()`, not async ones: an async wrapper would add a
 * promise and a suspension per request for nothing (Hono awaits what a middleware returns and
 * catches what it throws either way).
 */
function declare(access: Access, doc: RouteDoc, check: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  const extension = access.kind === "public"
    ? { "x-public": true }
    : access.kind === "permission"
    ? { "x-permission": access.permission }
    : access.kind === "role"
    ? { "x-roles": access.roles }
    : { "x-signed-in": true };
  const described = describeRoute({ ...operation(doc), ...extension } as DescribeRouteOptions);
  const { ok, status, errors, body, multipart, alsoJson, also } = doc;
  return Object.assign(check, {
    [uniqueSymbol]: (described as unknown as Record<symbol, unknown>)[uniqueSymbol],
    [ACCESS]: access,
    [CONTRACT]: { ok, status, errors, body, multipart, alsoJson, also } satisfies ContractOptions,
  });
}

function requireUser(c: Parameters<MiddlewareHandler<AppEnv>>[0], allowPendingPasswordChange = false) {
  const user = c.get("user");
  if (!user) throw new Unauthorized();
  // After a reset the temporary password only lets the user reach their own account to change it.
  if (user.mustChangePassword && !allowPendingPasswordChange) {
    throw new Forbidden("auth.passwordChangeRequired", { passwordChangeRequired: true });
  }
  return user;
}

/** Open to anyone, signed in or not (sign-in itself, registration, health). */
export function publicRoute(doc: RouteDoc): MiddlewareHandler<AppEnv> {
  return declare({ kind: "public" }, doc, (_c, next) => next());
}

/** Any signed-in user (own profile, current user), even one who still has to change a temporary password. */
export function signedIn(doc: RouteDoc): MiddlewareHandler<AppEnv> {
  return declare({ kind: "signed-in" }, doc, (c, next) => {
    requireUser(c, true);
    return next();
  });
}

/** A permission of the matrix in src/shared/permissions.ts. */
export function allow(permission: Permission, doc: RouteDoc): MiddlewareHandler<AppEnv> {
  return declare({ kind: "permission", permission }, doc, (c, next) => {
    const user = requireUser(c);
    if (!hasPermission(user.role, permission)) {
      throw new Forbidden("generic.missingPermission", { requiredPermission: permission }, { permission });
    }
    return next();
  });
}

/** Certain roles only, for routes the matrix cannot express (e.g. vendor-only pages). */
export function roles(allowed: RoleName[], doc: RouteDoc): MiddlewareHandler<AppEnv> {
  return declare({ kind: "role", roles: allowed }, doc, (c, next) => {
    const user = requireUser(c);
    if (!allowed.includes(user.role)) {
      throw new Forbidden("generic.forbidden", { requiredRole: allowed });
    }
    return next();
  });
}
