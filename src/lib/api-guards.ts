/**
 * The steps every /api request takes before its route, after the body limit and the origin check
 * (src/app.ts): the disk guard for writes, the session, the organisation's time zone for writes.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./deps.ts";
import { resolveSession } from "../auth/session.ts";
import { useOrganisationTimeZone } from "./organisation-time-zone.ts";

const writes = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";

/** Before anything is read or written for the request: a full disk refuses writes at once (storage-guard.ts). */
export const storageCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { storage } = c.get("deps");
  if (storage && writes(c.req.method)) {
    const length = c.req.header("content-length");
    await storage.check(length ? Number(length) || 0 : c.req.raw.body ? undefined : 0);
  }
  await next();
};

/** The signed-in user (or null) of the request, from its session cookie (src/auth/session.ts). */
export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  await resolveSession(c);
  await next();
};

/** A write validates dates against "today" in the organisation's time zone. */
export const organisationTimeZone: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (writes(c.req.method)) await useOrganisationTimeZone(c.get("deps").db);
  await next();
};
