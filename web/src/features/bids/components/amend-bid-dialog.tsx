/**
 * Amending a published or open bid: a later bidding deadline, the project deadline and a
 * clarification. The server announces it to every vendor that can see the bid and keeps it in the
 * history; an earlier deadline is refused there too (409).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/form-field.tsx";
import { DecisionDialog, ReasonField } from "../../../components/decision-dialog.tsx";
import { dateToIso, localDateTimeToIso } from "../../../lib/date-input.ts";
import { toastError } from "../../../lib/error-toast.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { useAmendBidRequest } from "../api/amend-bid-request.ts";
import type { BidRequest } from "../api/get-bid-requests.ts";
import { isoToLocalInput } from "./bid-form.ts";
import { useBidMessageText } from "./use-bid-messages.ts";

export function AmendBidDialog({ bid, onClose }: { bid: BidRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation("bids");
  const messageText = useBidMessageText();
  const amend = useAmendBidRequest();
  const [biddingDeadline, setBiddingDeadline] = useState(isoToLocalInput(bid.biddingDeadline));
  const [deadline, setDeadline] = useState(bid.deadline.slice(0, 10));
  const [clarification, setClarification] = useState("");
  const [error, setError] = useState<string>();

  const submit = () => {
    const newBidding = localDateTimeToIso(biddingDeadline);
    if (newBidding && new Date(newBidding) < new Date(bid.biddingDeadline)) {
      setError(
        t("lifecycle.amend.shorter", {
          deadline: isolate(formatDateTime(bid.biddingDeadline, i18n.language)),
        }),
      );
      return;
    }
    setError(undefined);
    amend.mutate({
      id: bid.id,
      version: bid.version,
      biddingDeadline: newBidding || undefined,
      deadline: dateToIso(deadline) || undefined,
      clarification: clarification.trim(),
    }, {
      onSuccess: () => {
        toast({
          variant: "success",
          title: t("lifecycle.amend.done"),
          description: t("lifecycle.amend.doneDescription"),
        });
        onClose();
      },
      onError: (failure) => setError(toastError(failure, t("lifecycle.amend.failed"), { translate: messageText })),
    });
  };

  return (
    <DecisionDialog
      title={t("lifecycle.amend.title", { number: isolate(bid.bidNumber) })}
      confirmLabel={t("lifecycle.amend.submit")}
      pending={amend.isPending}
      onSubmit={submit}
      onClose={onClose}
      failure={error}
    >
      <p className="text-sm">{t("lifecycle.amend.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("lifecycle.amend.biddingDeadline")}
          type="datetime-local"
          min={isoToLocalInput(bid.biddingDeadline)}
          value={biddingDeadline}
          onChange={(event) => setBiddingDeadline(event.target.value)}
        />
        <TextField
          label={t("lifecycle.amend.projectDeadline")}
          type="date"
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
        />
      </div>
      <ReasonField
        label={t("lifecycle.amend.clarification")}
        hint={t("lifecycle.amend.clarificationHint")}
        value={clarification}
        onChange={setClarification}
        rows={4}
        maxLength={5000}
      />
    </DecisionDialog>
  );
}
