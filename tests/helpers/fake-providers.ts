/**
 * A local fake of the email providers (design.md section 5, "fake third parties at the edge"): one
 * HTTP server on a free port that plays SMTP2GO (`POST /v3/email/send`, key in X-Smtp2go-Api-Key)
 * and SendGrid (`POST /v3/mail/send`, Bearer key, 202 with x-message-id). It records every request;
 * tests tell it to answer errors or to be slow, and read back what it received.
 *
 * The app reaches it through `fake.env` (SMTP2GO_BASE_URL, SENDGRID_BASE_URL) given to testApp(),
 * or the same URLs given to a worker process.
 */

export type FakeProviderName = "smtp2go" | "sendgrid";

export interface FakeRequest {
  provider: FakeProviderName | "unknown";
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body (or the raw text when it was not JSON). */
  body: unknown;
  /** The recipient(s) as the provider understood them. */
  to: string[];
  /** Status answered; 0 while the request is still held by a delay. */
  status: number;
  /**
   * held: waiting out a delay; delivered: answered 2xx to a client still connected (the provider
   * accepted the message); refused: answered an error; abandoned: the client went away first.
   */
  state: "held" | "delivered" | "refused" | "abandoned";
  messageId?: string;
}

export interface FakeProviders {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Environment for testApp({ env }) or a worker process. */
  env: { SMTP2GO_BASE_URL: string; SENDGRID_BASE_URL: string };
  requests: FakeRequest[];
  /** Requests the provider accepted (2xx to a connected client). */
  delivered(): FakeRequest[];
  /** How many times each recipient was delivered to. */
  deliveredCountByRecipient(): Map<string, number>;
  /** Answer `status` (with a provider-like error body) to the next `count` email requests. */
  failNext(status: number, count?: number): void;
  /** Answer `status` to every email request from now on (after any failNext ones); null to stop. */
  failAlways(status: number | null): void;
  /** Hold every following request this long before answering (0 to stop). */
  setDelay(ms: number): void;
  /** Forget recorded requests, pending failures and the delay. */
  reset(): void;
  close(): Promise<void>;
}

// Deno prints a notice (console.warn) the first time a server reads request.signal, about it also
// aborting after successful responses. The fake only asks whether the client hung up while a
// request was held, which the signal tells under both behaviours, so that one notice is dropped.
const LEGACY_ABORT_NOTICE = "Deno.serve: request.signal aborts on successful responses";
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].startsWith(LEGACY_ABORT_NOTICE)) return;
  warn(...args);
};

export function startFakeProviders(): FakeProviders {
  const requests: FakeRequest[] = [];
  let failures: number[] = [];
  let always: number | null = null;
  let delayMs = 0;
  let counter = 0;

  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const text = await req.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // recorded as text
    }
    const provider: FakeRequest["provider"] = url.pathname === "/v3/email/send"
      ? "smtp2go"
      : url.pathname === "/v3/mail/send"
      ? "sendgrid"
      : "unknown";
    const record: FakeRequest = {
      provider,
      method: req.method,
      path: url.pathname,
      headers: Object.fromEntries(req.headers),
      body,
      to: recipients(provider, body),
      status: 0,
      state: "held",
    };
    requests.push(record);

    if (delayMs > 0) {
      let onAbort = () => {};
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        onAbort = () => {
          clearTimeout(timer);
          resolve();
        };
        req.signal.addEventListener("abort", onAbort, { once: true });
      });
      // No listener may stay behind: Deno also aborts the signal after a normal response.
      req.signal.removeEventListener("abort", onAbort);
    }
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      // A client that disconnected while the request was held never learns the answer: for it the
      // provider did not accept the message, so it is not counted as delivered.
      record.state = req.signal.aborted ? "abandoned" : status < 300 ? "delivered" : "refused";
      return new Response(payload === null ? null : JSON.stringify(payload), {
        status,
        headers: payload === null ? headers : { "content-type": "application/json", ...headers },
      });
    };

    if (req.method !== "POST" || provider === "unknown") return answer(404, { error: "not found" });
    const failure = failures.shift() ?? always ?? undefined;
    if (failure !== undefined) {
      return provider === "smtp2go"
        ? answer(failure, { data: { error: `fake failure ${failure}`, error_code: "E_FAKE" } })
        : answer(failure, { errors: [{ message: `fake failure ${failure}` }] });
    }
    const messageId = `fake-${provider}-${++counter}`;
    record.messageId = messageId;
    return provider === "smtp2go"
      ? answer(200, { request_id: crypto.randomUUID(), data: { succeeded: 1, failed: 0, email_id: messageId } })
      : answer(202, null, { "x-message-id": messageId });
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  const baseUrl = `http://127.0.0.1:${server.addr.port}`;

  return {
    baseUrl,
    env: { SMTP2GO_BASE_URL: `${baseUrl}/v3`, SENDGRID_BASE_URL: baseUrl },
    requests,
    delivered: () => requests.filter((r) => r.state === "delivered"),
    deliveredCountByRecipient() {
      const counts = new Map<string, number>();
      for (const r of requests) {
        if (r.state !== "delivered") continue;
        for (const to of r.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      return counts;
    },
    failNext(status, count = 1) {
      failures.push(...Array(count).fill(status));
    },
    failAlways(status) {
      always = status;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      requests.length = 0;
      failures = [];
      always = null;
      delayMs = 0;
    },
    async close() {
      await server.shutdown();
    },
  };
}

function recipients(provider: FakeRequest["provider"], body: unknown): string[] {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== "object") return [];
  if (provider === "smtp2go") return Array.isArray(b.to) ? b.to.map(String) : [];
  if (provider === "sendgrid") {
    const personalizations = Array.isArray(b.personalizations) ? b.personalizations : [];
    return personalizations.flatMap((p: { to?: { email: string }[] }) => (p.to ?? []).map((t) => t.email));
  }
  return [];
}
