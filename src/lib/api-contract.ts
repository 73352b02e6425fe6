/**
 * The API contract: what each route answers, declared beside its access in src/auth/guard.ts
 * (`allow("categories.create", { tags, summary, ok: categorySchema, status: 201, errors: [409] })`).
 *
 * A route declares its success answer (a zod schema for JSON, or a media type for CSV, PDF, files,
 * HTML, SSE) and the error statuses only it knows about (409, 413, 415, 429, or 404 on a route
 * without an id). The error statuses every route of its kind can answer are added here, from what
 * the route is: 401/403 when it is not public, 400 when it validates input, 404 when its path has a
 * parameter, 403 (cross-site refusal) and 413 (body limit) on writes, 503 (database unreachable)
 * everywhere. All error answers share one schema, the body `errorHandler` writes.
 *
 * The OpenAPI document (src/lib/openapi.ts) and the API tests' response check
 * (tests/helpers/contract.ts) both read the declarations through `routeContracts`, so they agree.
 */
import { z } from "zod";
import { uniqueSymbol } from "hono-openapi";
import type { Wire } from "../shared/schemas/responses/common.ts";

/** The body of every error answer (src/lib/errors.ts, src/lib/error-handler.ts). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}).describe("message: English text of code; code: stable error code; params: its parameters; issues: field issues");

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;

/** A non-JSON success answer: its media type and, for text formats, an optional description. */
export interface MediaAnswer {
  /** One media type, or the ones the route chooses from (e.g. CSV or XLSX by a query parameter). */
  media: string | string[];
  description?: string;
}

export interface ContractOptions {
  /** The success body: a zod schema (JSON) or a media type (CSV, PDF, HTML, SSE, file). Omit only with status 204/302. */
  ok?: z.ZodType | MediaAnswer;
  /** The success status (default 200). */
  status?: SuccessStatus;
  /** Error statuses this route answers beyond the automatic ones (see the file comment). */
  errors?: ErrorStatus[];
  /** A JSON body the handler parses itself (not through `validate("json", ...)`). */
  body?: z.ZodType;
  /** A multipart body the handler parses itself: files as `z.file()` (documented as `format: binary`). */
  multipart?: z.ZodType;
  /** Set when the handler accepts the same fields as JSON too (readJsonOrMultipart). */
  alsoJson?: boolean;
  /** Answers of another shape than the usual ones (e.g. a 503 with a report instead of an error body). */
  also?: Partial<Record<number, z.ZodType>>;
}

/** On each guard: its access declaration (src/auth/guard.ts) and its contract. */
export const ACCESS = Symbol("access");
export const CONTRACT = Symbol("contract");

export interface Answer {
  media?: string | string[];
  schema?: z.ZodType;
  description: string;
}

const DESCRIPTIONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
  302: "Redirect",
  400: "Invalid input (issues name the fields)",
  401: "Not signed in",
  403: "Not allowed (missing permission or role, a cross-site write, or not the caller's record)",
  404: "No such record",
  409: "Conflict with the record's current state",
  413: "Body or file too large",
  415: "Unsupported body or file type",
  429: "Too many attempts (Retry-After)",
  503: "Database unreachable (Retry-After)",
  507: "The server's storage is full: nothing was written (Retry-After)",
};

export const isMedia = (ok: ContractOptions["ok"]): ok is MediaAnswer =>
  !!ok && typeof ok === "object" && "media" in ok &&
  (typeof (ok as MediaAnswer).media === "string" || Array.isArray((ok as MediaAnswer).media));

export interface RouteFacts {
  method: string;
  path: string;
  isPublic: boolean;
  /** A validator on the route, or a body the handler parses with a declared schema. */
  validates: boolean;
  contract: ContractOptions;
}

/** Every status a route documents, with its media type and schema. */
export function answers(r: RouteFacts): Map<number, Answer> {
  const out = new Map<number, Answer>();
  const c = r.contract;
  const status = c.status ?? 200;
  if (isMedia(c.ok)) {
    out.set(status, { media: c.ok.media, description: c.ok.description ?? DESCRIPTIONS[status] });
  } else if (c.ok) {
    out.set(status, { media: "application/json", schema: c.ok, description: DESCRIPTIONS[status] });
  } else {
    out.set(status, { description: DESCRIPTIONS[status] });
  }
  const errors = new Set<number>(c.errors ?? []);
  const write = r.method !== "GET" && r.method !== "HEAD";
  if (!r.isPublic) errors.add(401).add(403);
  if (r.validates) errors.add(400);
  if (/\/:\w/.test(r.path)) errors.add(404);
  if (write) errors.add(403).add(413).add(507);
  errors.add(503);
  for (const s of [...errors].sort()) {
    out.set(s, { media: "application/json", schema: errorBodySchema, description: DESCRIPTIONS[s] });
  }
  for (const [s, schema] of Object.entries(c.also ?? {})) {
    out.set(Number(s), { media: "application/json", schema, description: DESCRIPTIONS[Number(s)] ?? "Answer" });
  }
  return out;
}

type Guarded = Record<symbol, unknown>;

/** The facts of each /api route of an app, keyed "METHOD /api/path/:id" (Hono's path syntax). */
export function routeContracts(
  routes: readonly { method: string; path: string; handler: unknown }[],
): Map<string, RouteFacts> {
  const byKey = new Map<string, RouteFacts & { declared: boolean }>();
  for (const r of routes) {
    if (!r.path.startsWith("/api/") || (r.method === "ALL" && r.path.includes("*"))) continue;
    const key = `${r.method} ${r.path}`;
    const facts = byKey.get(key) ??
      { method: r.method, path: r.path, isPublic: false, validates: false, contract: {}, declared: false };
    const h = r.handler as Guarded;
    const access = h[ACCESS] as { kind: string } | undefined;
    if (access) {
      facts.isPublic = access.kind === "public";
      facts.contract = (h[CONTRACT] as ContractOptions | undefined) ?? {};
      facts.declared = true;
      if (facts.contract.body || facts.contract.multipart) facts.validates = true;
    }
    const spec = h[uniqueSymbol] as { target?: string } | undefined;
    if (spec?.target) facts.validates = true;
    byKey.set(key, facts);
  }
  return new Map([...byKey].filter(([, f]) => f.declared));
}

/** Hono's `/api/x/:id{[0-9]+}` as OpenAPI's `/api/x/{id}`. */
export const openapiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");

/**
 * The value a handler answers, checked at compile time against its documented schema: as JSON
 * (dates as strings) it must be what the schema describes, so the two cannot drift.
 * `return c.json(conforming(categoryListSchema, rows))`.
 */
export function conforming<S extends z.ZodType, T>(
  _schema: S,
  value: T,
  ..._mismatch: Wire<T> extends z.output<S> ? [] : [never]
): T {
  return value;
}
