import { type Context, Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./deps.ts";
import { Forbidden } from "./errors.ts";

/** Headers for every response; the CSP is the one the built SPA passes (no inline script, no CDN). */
export const secureHeadersReference = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  xContentTypeOptions: "nosniff",
  strictTransportSecurity: "max-age=31536000; includeSubDomains",
  crossOriginEmbedderPolicy: false,
  // A handler that sets one of these headers itself (files: a sandboxing CSP) knows better.
  overwrite: false,
});

/**
 * The same headers, worked out once at start-up by running Hono's middleware on an empty response,
 * so each request only adds fixed strings.
 */
const probe = await new Hono().use(secureHeadersReference).get("/", (c) => c.body(null)).request("/");
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [...probe.headers]
  .filter(([name]) => name !== "content-type");

const NAMES = new Set(SECURITY_HEADERS.map(([name]) => name));

/**
 * Adds the security headers a response does not carry yet (a handler that set one of ours keeps
 * it: `overwrite: false`) and drops X-Powered-By. The response's own headers are read in one
 * `forEach`: in Deno each `has` validates its argument and scans the list, and each step of a
 * `keys()` iterator sorts and combines the whole list again; `forEach` does that once.
 */
export function applySecurityHeaders(headers: Headers) {
  let own: Set<string> | undefined;
  let poweredBy = false;
  headers.forEach((_value, name) => {
    if (NAMES.has(name)) (own ??= new Set()).add(name);
    else if (name === "x-powered-by") poweredBy = true;
  });
  if (poweredBy) headers.delete("x-powered-by");
  for (const [name, value] of SECURITY_HEADERS) if (!own?.has(name)) headers.append(name, value);
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  applySecurityHeaders(c.res.headers);
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request from a browser must come from our own origin. Browsers send
 * Origin (or at least Sec-Fetch-Site) on such requests; clients without either (curl, servers)
 * carry no ambient cookie risk. The session cookie is also SameSite=Lax.
 */
export function checkOrigin(c: Context<AppEnv>) {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header("origin");
  const site = c.req.header("sec-fetch-site");
  const { config } = c.get("deps");
  const self = new URL(c.req.url);
  const forwardedHost = config.trustProxy ? c.req.header("x-forwarded-host") : undefined;
  const allowed = new Set([self.origin, `${self.protocol}//${c.req.header("host") ?? self.host}`]);
  if (forwardedHost) allowed.add(`${c.req.header("x-forwarded-proto") ?? "https"}://${forwardedHost}`);
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).origin);
  if (origin && origin !== "null" ? !allowed.has(origin) : site === "cross-site" || origin === "null") {
    throw new Forbidden("generic.crossSite");
  }
}

export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkOrigin(c);
  await next();
};
