/**
 * Closing bidding before the advertised deadline (docs/decisions/007-bid-controls.md): says how much time vendors still
 * had, asks for the reason the server requires (and audits), and for a sealed bid says why the
 * reason matters for unsealing. Vendors who can still bid are emailed by the server.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { remainingParts } from "../../../../../src/shared/schemas/bid-edit.ts";
import { DecisionDialog, ReasonField } from "../../../components/decision-dialog.tsx";
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

  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <DecisionDialog
      size="sm"
      title={t("lifecycle.close.title")}
      confirmLabel={t("lifecycle.close.confirm")}
      cancelLabel={t("confirm.keep")}
      tone="warning"
      pending={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>
        {t("lifecycle.close.advertised", {
          number: isolate(bid.bidNumber),
          deadline: isolate(formatDateTime(bid.biddingDeadline, lang)),
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
      <ReasonField
        label={`${t("lifecycle.close.reason")} *`}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (value.trim()) setMissing(false);
        }}
        required
        error={missing ? t("lifecycle.close.reasonRequired") : undefined}
      />
    </DecisionDialog>
  );
}
