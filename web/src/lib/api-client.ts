/**
 * The one way the SPA talks to the API: cookies always sent, JSON in and out, and a non-OK
 * response turned into an ApiError whose message is `${status}: ${body text or statusText}`
 * (spec section 7). The server's JSON `{ message, code, params?, issues? }` is parsed onto the error
 * too; the SPA shows the translation of `code` (web/src/lib/error-toast.ts), not the English message.
 */

export type ApiIssue = { path?: string | (string | number)[]; message: string };

export class ApiError extends Error {
  readonly status: number;
  /** The `message` field of the server's JSON error body, when there is one. */
  readonly serverMessage: string | undefined;
  readonly issues: ApiIssue[] | undefined;
  /** The stable error code (src/shared/error-codes.ts) and the values of its {{placeholders}}. */
  readonly code: string | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    let parsed: unknown;
    try {
      parsed = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      parsed = undefined;
    }
    const body = parsed && typeof parsed === "object" ? parsed as Record<string, unknown> : undefined;
    this.serverMessage = typeof body?.message === "string" ? body.message : undefined;
    this.issues = Array.isArray(body?.issues) ? body.issues as ApiIssue[] : undefined;
    this.code = typeof body?.code === "string" ? body.code : undefined;
    this.params = body?.params && typeof body.params === "object" && !Array.isArray(body.params)
      ? body.params as Record<string, string | number>
      : undefined;
  }
}

/** Spec section 8: a message starting with 401 and containing Unauthorized means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401") && error.message.includes("Unauthorized");
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data; the browser sets the boundary header. */
  formData?: FormData;
  /** Sent as it is (application/octet-stream): a file streamed by the browser. */
  file?: Blob;
  /** Extra request headers. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.file) {
    headers["Content-Type"] = "application/octet-stream";
    body = options.file;
  } else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(path, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers: { ...headers, ...options.headers },
    body,
    credentials: "include",
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/** Request and parse the JSON answer; an empty body yields null. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
