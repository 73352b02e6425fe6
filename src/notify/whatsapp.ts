/**
 * WhatsApp Cloud API text messages. The base URL is configurable (WHATSAPP_BASE_URL) so tests point
 * it at a local fake; the same client code runs either way.
 */
import { isTransientStatus, ProviderError } from "./providers.ts";

export const WHATSAPP_DEFAULT_URL = "https://graph.facebook.com";

export async function sendWhatsAppText(
  opts: { token: string; phoneNumberId: string; to: string; body: string; baseUrl?: string },
): Promise<{ messageId?: string }> {
  const base = (opts.baseUrl ?? WHATSAPP_DEFAULT_URL).replace(/\/$/, "");
  let res: Response;
  try {
    res = await fetch(`${base}/v19.0/${encodeURIComponent(opts.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${opts.token}` },
      body: JSON.stringify({ messaging_product: "whatsapp", to: opts.to, type: "text", text: { body: opts.body } }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    throw new ProviderError(`WhatsApp unreachable: ${(e as Error).message}`, true);
  }
  const text = await res.text();
  let json: { messages?: { id?: string }[]; error?: { message?: string } } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the raw text goes into the error below
  }
  if (!res.ok) {
    const detail = json?.error?.message ?? text.slice(0, 200);
    throw new ProviderError(`WhatsApp ${res.status}: ${detail}`, isTransientStatus(res.status));
  }
  return { messageId: json?.messages?.[0]?.id };
}
