import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { isolate } from "../../../lib/i18n.ts";
import type { OutboxMessage } from "../api/get-outbox.ts";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";
import { useFormat } from "../../../lib/format.ts";

/** One message in full: the body exactly as sent (plain text, line breaks kept). */
export function OutboxMessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const { t } = useTranslation("outbox");
  const format = useFormat();
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
              <dt className="text-base-content/60">{t("channel")}</dt>
              <dd>{message.channel}</dd>
            </div>
          </dl>
          {message.lastError && (
            <div role="note" className="alert alert-error alert-soft text-sm break-words">
              {t("lastErrorValue", { error: isolate(message.lastError) })}
            </div>
          )}
          <div>
            <h4 className="mb-1 text-sm text-base-content/60">{t("body")}</h4>
            {/* Emails are plain text and usually English: keep their own direction and line breaks. */}
            <pre
              dir="auto"
              className="max-h-96 overflow-auto rounded-box bg-base-200 p-3 text-sm whitespace-pre-wrap break-words font-mono"
            >{message.body}</pre>
          </div>
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>{t("translation:common.close")}</button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
