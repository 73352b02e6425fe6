import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./deps.ts";
import { Forbidden } from "./errors.ts";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The full set, for HTML documents, scripts and answers without a body type (Hono's secureHeaders
 * with our options); the CSP is the one the built SPA passes (no inline script, no CDN). A worker
 * runs under its script's own CSP: the pdf.js worker needs `script-src 'self'`.
 */
export const documentHeaders = secureHeaders({
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
  strictTransportSecurity: HSTS,
  crossOriginEmbedderPolicy: false,
  // A handler that sets one of these headers itself (files: a sandboxing CSP) knows better.
  overwrite: false,
});

/**
 * The short set for every other answer: JSON, CSV, PDF, images, styles (docs/decisions/011): the
 * OWASP REST Security Cheat Sheet's API headers (no-store stays with the handlers that set it), plus
 * CORP. `default-src 'none'` keeps a JSON answer opened as a page from loading or running anything;
 * nosniff keeps it from being read as HTML or script.
 */
export const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginResourcePolicy: "same-origin",
  strictTransportSecurity: HSTS,
  xContentTypeOptions: "nosniff",
  xFrameOptions: "DENY",
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  overwrite: false,
});

/** Whether a response's type is one that gets the full set: none, HTML or JavaScript. */
export function isDocumentType(contentType: string | null | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.trimStart().toLowerCase();
  return type.startsWith("text/html") || type.startsWith("text/javascript") ||
    type.startsWith("application/javascript") || type.startsWith("application/x-javascript") ||
    type.startsWith("application/xhtml+xml");
}

const answered = () => Promise.resolve();

/**
 * The security headers of the answer's kind (docs/decisions/011): the kind is known only once the
 * handler has answered, so the choice between the two secureHeaders runs after it.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const set = isDocumentType(c.res.headers.get("content-type")) ? documentHeaders : apiHeaders;
  try {
    await set(c, answered);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    // Headers that cannot change (a Response.redirect(), a fetch() answer passed on): a copy takes them.
    c.res = new Response(c.res.body, c.res);
    await set(c, answered);
  }
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request from a browser must come from our own origin. Browsers send
 * Origin (or at least Sec-Fetch-Site) on such requests; clients without either (curl, servers)
 * carry no ambient cookie risk. The session cookie is also SameSite=Lax. Hono's `csrf` checks only
 * form-like bodies and answers a plain-text 403; this checks every state-changing request and
 * answers the API's error (`generic.crossSite`, docs/decisions/006-error-codes.md).
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) checkOrigin(c);
  await next();
};

function checkOrigin(c: Context<AppEnv>) {
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
