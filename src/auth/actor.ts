/**
 * The signed-in user as services see it: plain values (id, role) and what the audit trail records of
 * the request (address, browser), so services take no HTTP context.
 */
import type { Context } from "hono";
import { actorOf, type AuditActor } from "../audit/audit.ts";
import type { AppEnv } from "../lib/deps.ts";
import type { RoleName } from "../shared/roles.ts";
import { Unauthorized } from "../lib/errors.ts";

export interface Actor {
  id: number;
  role: RoleName;
  audit: AuditActor;
}

/** The actor of a signed-in route (the guard has already refused anonymous callers). */
export function signedInActor(c: Context<AppEnv>): Actor {
  const user = c.get("user");
  if (!user) throw new Unauthorized();
  return { id: user.id, role: user.role, audit: actorOf(c) };
}
