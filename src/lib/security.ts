import { type Context, Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./deps.ts";
import { Forbidden } from "./errors.ts";

/**
 * The full set, for HTML documents (Hono's secureHeaders with our options); the CSP is the one the
 * built SPA passes (no inline script, no CDN). API answers get the short API_HEADERS below.
 */
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
 * The full set, worked out once at start-up by running Hono's middleware on an empty response, so
 * each request only adds fixed strings. For HTML documents, scripts (a worker runs under its
 * script's own CSP: the pdf.js worker needs `script-src 'self'`) and answers without a body type.
 */
const probe = await new Hono().use(secureHeadersReference).get("/", (c) => c.body(null)).request("/");
export const DOCUMENT_HEADERS: readonly (readonly [string, string])[] = [...probe.headers]
  .filter(([name]) => name !== "content-type");

/**
 * The short set for every other answer: JSON, CSV, PDF, images, styles (docs/decisions/011): the
 * OWASP REST Security Cheat Sheet's API headers (no-store stays with the handlers that set it), plus
 * CORP. `default-src 'none'` keeps a JSON answer opened as a page from loading or running anything;
 * nosniff keeps it from being read as HTML or script. Fewer, shorter headers keep Deno's response
 * path cheap (docs/benchmarks.md, "Throughput of the per-request path").
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["cross-origin-resource-policy", "same-origin"],
  ["strict-transport-security", DOCUMENT_HEADERS.find(([name]) => name === "strict-transport-security")![1]],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
];

const NAMES = new Set(DOCUMENT_HEADERS.map(([name]) => name));

const JSON_TYPE = { "content-type": "application/json" };
/** Answers whose headers are final (markComplete): the pipeline adds nothing to them. */
const complete = new WeakSet<Response>();

/**
 * A fixed JSON answer with every header but the request id, made once and copied per request by
 * answerFrom. `clone()` copies the header list without validating it again, where `append` runs
 * WebIDL conversion and a character check per header (docs/benchmarks.md, "Throughput of the
 * per-request path"). Never sent itself: only its copies are.
 */
export function jsonTemplate(body: string, status = 200): Response {
  const res = new Response(body, { status, headers: JSON_TYPE });
  const headers = res.headers;
  for (const [name, value] of API_HEADERS) headers.append(name, value);
  return res;
}

/**
 * A copy of a jsonTemplate with this request's X-Request-Id: its headers are final. `requestId`
 * comes from requestIdFor (characters [A-Za-z0-9._-] only), so it needs none of Headers' checks:
 * the id goes straight onto the copy's own header list (a new array per copy), without
 * materialising `res.headers` (a Headers object, two ByteString conversions, a value normalisation,
 * two character checks and a lower-cased copy of every name per append): 1–2 µs of CPU per answer
 * in process (bench/response-shapes.ts compares `clone-rid` and `clone-push` over sockets). Found once under
 * Deno's symbol-keyed "response" property; without it (another runtime) `headers.append` is used.
 */
let innerResponseKey: symbol | null | undefined;
export function answerFrom(template: Response, requestId: string): Response {
  const res = template.clone();
  if (innerResponseKey === undefined) {
    innerResponseKey = Object.getOwnPropertySymbols(res).find((s) => s.description === "response") ?? null;
  }
  const inner = innerResponseKey === null
    ? undefined
    : (res as unknown as Record<symbol, { headerList?: unknown } | undefined>)[innerResponseKey];
  if (inner && Array.isArray(inner.headerList)) inner.headerList.push(["x-request-id", requestId]);
  else res.headers.append("x-request-id", requestId);
  return res;
}

/**
 * Marks an answer from answerFrom that goes back through the pipeline (a route's handler), so the
 * pipeline adds nothing to it. Not done by answerFrom itself: the front door's answers never reach
 * the pipeline, and a WeakSet entry per request cost about 10 µs of a signed-in call over sockets
 * (its ephemeron table is work for every GC; docs/benchmarks.md).
 */
export function markComplete(res: Response): Response {
  complete.add(res);
  return res;
}

/** Whether a response was marked by markComplete (its headers are final). */
export function isCompleteResponse(res: Response): boolean {
  return complete.has(res);
}

/** Whether a response's type is one that gets the full set: none, HTML or JavaScript. */
export function isDocumentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  if (contentType.startsWith("application/json")) return false; // the common case, without copies
  const type = contentType.trimStart().toLowerCase();
  return type.startsWith("text/html") || type.startsWith("text/javascript") ||
    type.startsWith("application/javascript") || type.startsWith("application/x-javascript") ||
    type.startsWith("application/xhtml+xml");
}

/**
 * Adds the security headers of the response's kind that it does not carry yet (a handler that set
 * one of ours keeps it: `overwrite: false`) and drops X-Powered-By. The response's own headers are
 * read in one `forEach`: in Deno each `has`/`get` validates its argument and scans the list, and
 * each step of a `keys()` iterator sorts and combines the whole list again; `forEach` does that once.
 */
export function applySecurityHeaders(headers: Headers) {
  let own: Set<string> | undefined;
  let poweredBy = false;
  let contentType: string | undefined;
  headers.forEach((value, name) => {
    if (name === "content-type") contentType = value;
    else if (NAMES.has(name)) (own ??= new Set()).add(name);
    else if (name === "x-powered-by") poweredBy = true;
  });
  if (poweredBy) headers.delete("x-powered-by");
  const set = isDocumentType(contentType) ? DOCUMENT_HEADERS : API_HEADERS;
  for (const [name, value] of set) if (!own?.has(name)) headers.append(name, value);
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
