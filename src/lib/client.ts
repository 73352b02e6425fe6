import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "./deps.ts";

/** The caller's IP: the socket address, or X-Forwarded-For's first hop behind a trusted proxy (Fly). */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("deps").config.trustProxy) {
    const forwarded = c.req.header("fly-client-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket
    return "local";
  }
}

export function userAgent(c: Context<AppEnv>): string {
  return (c.req.header("user-agent") ?? "").slice(0, 300);
}
