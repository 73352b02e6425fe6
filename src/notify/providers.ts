/**
 * Email providers from the spec. Base URLs are configurable so tests point them at a local fake
 * server; the real client code runs either way.
 */
import sgMail from "@sendgrid/mail";
import type { OutgoingEmail } from "./outbox.ts";

export interface ProviderResult {
  messageId?: string;
}
export type EmailSender = (email: OutgoingEmail) => Promise<ProviderResult>;

export class ProviderError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
  }
}

/**
 * Worth trying again: rate limiting (429) and server errors (5xx). Every other 4xx is the provider
 * refusing this message (bad key, bad sender, bad address) and fails the same way on every try.
 */
export const isTransientStatus = (status: number) => status === 429 || status >= 500;

export const SMTP2GO_DEFAULT_URL = "https://api.smtp2go.com/v3";
export const SENDGRID_DEFAULT_URL = "https://api.sendgrid.com";

export function smtp2goSender(apiKey: string, sender: string, baseUrl = SMTP2GO_DEFAULT_URL): EmailSender {
  return async (email) => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl.replace(/\/$/, "")}/email/send`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-Smtp2go-Api-Key": apiKey },
        body: JSON.stringify({ sender, to: [email.to], subject: email.subject, text_body: email.body }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (e) {
      throw new ProviderError(`SMTP2GO unreachable: ${(e as Error).message}`, true);
    }
    const text = await res.text();
    if (!res.ok) {
      throw new ProviderError(`SMTP2GO ${res.status}: ${text.slice(0, 200)}`, isTransientStatus(res.status));
    }
    try {
      return { messageId: JSON.parse(text)?.data?.email_id };
    } catch {
      return {};
    }
  };
}

export function sendgridSender(apiKey: string, sender: string, baseUrl = SENDGRID_DEFAULT_URL): EmailSender {
  // @sendgrid/mail is a singleton; the client's base URL is set per call so tests can point it at a fake.
  return async (email) => {
    sgMail.setApiKey(apiKey);
    (sgMail as unknown as { client: { setDefaultRequest: (k: string, v: string) => void } }).client.setDefaultRequest(
      "baseUrl",
      baseUrl,
    );
    try {
      const [res] = await sgMail.send({ to: email.to, from: sender, subject: email.subject, text: email.body });
      return { messageId: res.headers?.["x-message-id"] as string | undefined };
    } catch (e) {
      // An HTTP answer carries its status as a number; a network or DNS failure (no answer at all)
      // carries Node's error name ("ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT"), and is worth retrying.
      const code = (e as { code?: unknown }).code;
      const status = typeof code === "number" ? code : 0;
      throw new ProviderError(
        `SendGrid ${status || (typeof code === "string" ? `unreachable (${code})` : "error")}: ${(e as Error).message}`
          .slice(0, 300),
        !status || isTransientStatus(status),
      );
    }
  };
}
