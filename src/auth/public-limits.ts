/**
 * Limits on the public writes (sign-in, registration, set-password): a small body cap, and a
 * per-address request budget per window (429 with Retry-After beyond it). The budget is taken
 * before anything expensive (parsing a large multipart body, hashing a password).
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { audit } from "../audit/audit.ts";
import { clientIp } from "../lib/client.ts";
import type { AppEnv } from "../lib/deps.ts";
import { PayloadTooLarge, TooManyRequests } from "../lib/errors.ts";
import { hitRateLimit } from "./throttle.ts";

/** Sign-in, second factor, set-password, sign-out: a few short fields. */
export const PUBLIC_JSON_MAX_BYTES = 16 * 1024;

export function capBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new PayloadTooLarge("generic.payloadTooLarge");
    },
  });
}

export type PublicWrite = "sign-in" | "registration" | "set-password";

function budget(c: Context<AppEnv>, kind: PublicWrite): { limit: number; windowSeconds: number } {
  const limits = c.get("deps").config.rateLimits;
  switch (kind) {
    case "sign-in":
      return { limit: limits.signInsPerMinute, windowSeconds: 60 };
    case "set-password":
      return { limit: limits.setPasswordsPerMinute, windowSeconds: 60 };
    case "registration":
      return { limit: limits.registrationsPerHour, windowSeconds: 3600 };
  }
}

/**
 * Counts this request against its address's budget; 429 beyond it. Only the first refused request
 * of a window is audited, so a flood writes one row, not one per request.
 */
export async function limitPublicWrite(c: Context<AppEnv>, kind: PublicWrite) {
  const { db } = c.get("deps");
  const { limit, windowSeconds } = budget(c, kind);
  const ip = clientIp(c);
  const { hits, wait } = await hitRateLimit(db, `${kind}:${ip}`, windowSeconds);
  if (hits <= limit) return;
  if (hits === limit + 1) {
    await db.tx((tx) =>
      audit(tx, c, {
        action: "LOGIN_THROTTLED",
        entityType: "address",
        userId: null,
        metadata: { scope: kind, limit, windowSeconds },
      })
    );
  }
  throw new TooManyRequests("auth.rateLimited", wait);
}
