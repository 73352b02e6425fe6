import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { isLanguage, isolate, LANGUAGE_NAMES } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { isRtl } from "../../../../../src/shared/i18n-languages.ts";
import type { OutboxMessage } from "../api/get-outbox.ts";
import { useResendMessage } from "../api/resend-message.ts";
import { useRevealMessage } from "../api/reveal-message.ts";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";
import { useFormat } from "../../../lib/format.ts";

/**
 * One message in full: the body exactly as sent (plain text, line breaks kept, in the recipient's
 * language), why it failed and when it is tried next; a failed message can be resent.
 */
export function OutboxMessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const { t } = useTranslation("outbox");
  const format = useFormat();
  const resend = useResendMessage();
  const reveal = useRevealMessage();
  // The revealed body belongs to one message: another message (or closing) shows the stored one.
  const [revealed, setRevealed] = useState<{ id: number; body: string } | null>(null);
  const onReveal = () => {
    if (!message) return;
    reveal.mutate(message.id, {
      onSuccess: (result) => setRevealed(result),
      onError: (error) => toastError(error, t("revealFailed")),
    });
  };
  const body = revealed && revealed.id === message?.id ? revealed.body : message?.body;
  const onResend = () => {
    if (!message) return;
    resend.mutate(message.id, {
      onSuccess: () => toast({ variant: "success", title: t("resent") }),
      onError: (error) => toastError(error, t("resendFailed")),
    });
  };
  const language = message?.language && isLanguage(message.language) ? message.language : undefined;
  return (
    <ModalDialog
      open={message !== null}
      onClose={onClose}
      title={message?.subject || t("noSubject")}
      size="lg"
    >
      {message && (
        <div className="flex flex-col gap-3">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-base-content/60">{t("columns.recipient")}</dt>
              <dd className="break-all" dir="ltr">{message.recipient}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("columns.status")}</dt>
              <dd>
                <OutboxStatusBadge status={message.status} />
              </dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("columns.created")}</dt>
              <dd>{format.dateTime(message.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("columns.sent")}</dt>
              <dd>{format.dateTime(message.sentAt)}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("columns.attempts")}</dt>
              <dd>{t("attemptsOf", { attempts: message.attempts, max: message.maxAttempts })}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("lastAttempt")}</dt>
              <dd>{format.dateTime(message.lastAttemptAt)}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("columns.nextAttempt")}</dt>
              <dd>{message.nextAttemptAt ? format.dateTime(message.nextAttemptAt) : t("noNextAttempt")}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">{t("language")}</dt>
              <dd lang={language}>{language ? LANGUAGE_NAMES[language] : "-"}</dd>
            </div>
          </dl>
          {message.lastError && (
            <div role="note" className="alert alert-error alert-soft text-sm break-words">
              {t("lastErrorValue", { error: isolate(message.lastError) })}
            </div>
          )}
          {message.status === "failed" && (
            <HintAction
              hint={t("resendHint")}
              label={t("resend")}
              primary
              pending={resend.isPending}
              onClick={onResend}
            />
          )}
          {message.hasHiddenValues && body === message.body && (
            <HintAction hint={t("hiddenHint")} label={t("reveal")} pending={reveal.isPending} onClick={onReveal} />
          )}
          <div>
            <h4 className="mb-1 text-sm text-base-content/60">{t("body")}</h4>
            {/* Plain text in the recipient's language: its own direction and line breaks. */}
            <pre
              lang={language}
              dir={language ? (isRtl(language) ? "rtl" : "ltr") : "auto"}
              className="max-h-96 overflow-auto rounded-box bg-base-200 p-3 text-sm whitespace-pre-wrap break-words font-mono"
            >{body}</pre>
          </div>
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>{t("translation:common.close")}</button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

/** A sentence about the message with the one action it calls for (resend, show the link). */
function HintAction({ hint, label, pending, primary = false, onClick }: {
  hint: string;
  label: string;
  pending: boolean;
  primary?: boolean;
  onClick: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-3 text-sm">
      <span>{hint}</span>
      <button
        type="button"
        className={`btn btn-sm${primary ? " btn-primary" : ""}`}
        disabled={pending}
        onClick={onClick}
      >
        {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
