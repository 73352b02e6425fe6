/**
 * Closing bidding before the advertised deadline (issue 9 item 3): says how much time vendors still
 * had, asks for the reason the server requires (and audits), and for a sealed bid says why the
 * reason matters for unsealing. Vendors who can still bid are emailed by the server.
 */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { remainingParts } from "../../../../../src/shared/schemas/bid-edit.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import type { BidRequest } from "../api/get-bid-requests.ts";

export function CloseEarlyDialog({ bid, busy, now = new Date(), onConfirm, onClose }: {
  bid: BidRequest;
  busy: boolean;
  now?: Date;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("bids");
  const lang = i18n.language;
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const left = remainingParts(new Date(bid.biddingDeadline).getTime() - now.getTime());
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const formId = `close-early-${bid.id}`;
  const errorId = `${formId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <Modal
      size="sm"
      title={t("lifecycle.close.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>{t("confirm.keep")}</button>
          <button type="submit" form={formId} className="btn btn-warning" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("lifecycle.close.confirm")}
          </button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-3" onSubmit={submit}>
        <p>
          {t("lifecycle.close.advertised", {
            number: isolate(bid.bidNumber),
            deadline: isolate(formatDateTime(bid.biddingDeadline, lang, { padded: true })),
          })}
        </p>
        <div role="note" className="alert alert-warning alert-soft" data-testid="close-early-remaining">
          {t("lifecycle.close.remaining", {
            time: t("lifecycle.close.duration", {
              days: number(left.days),
              hours: number(left.hours),
              minutes: number(left.minutes),
            }),
          })}
        </div>
        <p className="text-sm">{t("lifecycle.close.notify")}</p>
        {bid.biddingMode === "sealed" && <p className="text-sm">{t("lifecycle.close.sealed")}</p>}
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("lifecycle.close.reason")} *</span>
          <textarea
            className={`textarea w-full ${missing ? "textarea-error" : ""}`}
            rows={3}
            maxLength={2000}
            dir="auto"
            required
            aria-invalid={missing}
            aria-describedby={missing ? errorId : undefined}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
          />
        </label>
        {missing && (
          <p id={errorId} role="alert" className="text-sm text-error">{t("lifecycle.close.reasonRequired")}</p>
        )}
      </form>
    </Modal>
  );
}
