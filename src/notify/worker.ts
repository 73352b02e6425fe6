/**
 * Delivers the outbox. Each row is claimed (status 'sending' with a lease) with
 * FOR UPDATE SKIP LOCKED in a short transaction, sent with no transaction open, then marked sent.
 * Several workers on several instances never take the same row; a worker killed after claiming
 * leaves a lease that expires, and the row is picked up again. Transient failures (network, DNS,
 * 429, 5xx) back off exponentially and end as 'failed' after max_attempts; a permanent one (any
 * other 4xx) is 'failed' at once. An administrator can resend a failed email (resendEmail).
 */
import type { Db } from "../db/types.ts";
import type { Logger } from "../lib/logger.ts";
import { getSettings } from "../lib/settings.ts";
import type { Config } from "../config.ts";
import { type EmailSender, ProviderError, sendgridSender, smtp2goSender } from "./providers.ts";
import * as q from "./queries.ts";
import { revealBody } from "./outbox.ts";
import type { Secrets } from "../lib/secrets.ts";

const LEASE_SECONDS = 120;
const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 3600;

export interface ProviderChoice {
  name: "smtp2go" | "sendgrid" | "log";
  send?: EmailSender;
}

/** The provider the settings choose; 'log' when its key or sender is missing (demo). */
export async function chooseProvider(db: Db, config: Pick<Config, "providers">): Promise<ProviderChoice> {
  const s = await getSettings(db, [
    "email_provider",
    "smtp2go_api_key",
    "smtp2go_sender_email",
    "sendgrid_api_key",
    "sendgrid_sender_email",
  ]);
  if (s.email_provider === "sendgrid") {
    if (!s.sendgrid_api_key || !s.sendgrid_sender_email) return { name: "log" };
    return {
      name: "sendgrid",
      send: sendgridSender(s.sendgrid_api_key, s.sendgrid_sender_email, config.providers.sendgrid),
    };
  }
  if (!s.smtp2go_api_key || !s.smtp2go_sender_email) return { name: "log" };
  return { name: "smtp2go", send: smtp2goSender(s.smtp2go_api_key, s.smtp2go_sender_email, config.providers.smtp2go) };
}

/** Delivers every due email once; returns how many rows it finished (sent, logged or failed). */
export async function deliverDue(
  db: Db,
  deps: { config: Pick<Config, "providers">; logger: Logger; secrets: Pick<Secrets, "keyFor"> },
  opts: { max?: number; provider?: ProviderChoice } = {},
): Promise<number> {
  const provider = opts.provider ?? await chooseProvider(db, deps.config);
  let done = 0;
  for (let i = 0; i < (opts.max ?? 100); i++) {
    const row = await q.claimDueEmail(db, LEASE_SECONDS);
    if (!row) break;
    if (provider.name === "log" || !provider.send) {
      deps.logger.info("email kept in outbox (no provider configured)", {
        outboxId: row.id,
        to: row.recipient,
        subject: row.subject,
      });
      await q.markEmailLogged(db, row.id);
      done++;
      continue;
    }
    try {
      // A one-time link's token is put back only here, for the provider; the row keeps the mark.
      const body = await revealBody(row.body, row.hiddenValues, deps.secrets.keyFor("outbox-links"));
      const result = await provider.send({ to: row.recipient, subject: row.subject, body });
      await q.markEmailSent(db, row.id, provider.name, result.messageId ?? null);
      done++;
    } catch (e) {
      const retryable = !(e instanceof ProviderError) || e.retryable;
      const final = !retryable || row.attempts >= row.maxAttempts;
      const backoff = Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** (row.attempts - 1));
      await q.markEmailAttemptFailed(db, row.id, {
        final,
        error: (e as Error).message.slice(0, 500),
        provider: provider.name,
        backoffSeconds: backoff,
      });
      deps.logger.warn("email delivery failed", {
        outboxId: row.id,
        attempt: row.attempts,
        final,
        error: (e as Error).message,
      });
      if (final) done++;
    }
  }
  return done;
}

/** Polls the outbox every few seconds until stopped. */
export function startOutboxWorker(
  db: Db,
  deps: { config: Config; logger: Logger; secrets: Pick<Secrets, "keyFor"> },
  intervalMs = 3000,
) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await deliverDue(db, deps);
    } catch (e) {
      deps.logger.error("outbox worker error", { error: (e as Error).message });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
