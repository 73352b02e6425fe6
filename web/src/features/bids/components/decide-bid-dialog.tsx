/** Approve or reject a bid pending approval (the purchase requests' rule: manager and finance). */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DecisionDialog, ReasonField } from "../../../components/decision-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { formatMoney } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { useDecideBidRequest } from "../api/decide-bid-request.ts";
import type { BidRequest } from "../api/get-bid-requests.ts";

export function DecideBidDialog({ bid, decision, onClose }: {
  bid: BidRequest;
  decision: "approve" | "reject";
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("bids");
  const decide = useDecideBidRequest();
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string>();
  const approve = decision === "approve";

  const submit = () => {
    if (!approve && !comment.trim()) {
      setMissing(true);
      return;
    }
    decide.mutate({ id: bid.id, decision, comment: comment.trim() }, {
      onSuccess: () => {
        toast({ variant: "success", title: approve ? t("lifecycle.decide.approved") : t("lifecycle.decide.rejected") });
        onClose();
      },
      onError: (failure) => setError(toastError(failure, t("lifecycle.decide.failed"))),
    });
  };

  return (
    <DecisionDialog
      size="sm"
      title={approve
        ? t("lifecycle.decide.approveTitle", { number: isolate(bid.bidNumber) })
        : t("lifecycle.decide.rejectTitle", { number: isolate(bid.bidNumber) })}
      confirmLabel={approve ? t("lifecycle.actions.approve") : t("lifecycle.actions.reject")}
      cancelLabel={t("confirm.keep")}
      tone={approve ? "success" : "error"}
      pending={decide.isPending}
      onSubmit={submit}
      onClose={onClose}
      failure={error}
    >
      <p>
        {approve
          ? t("lifecycle.decide.approveText", { budget: isolate(formatMoney(bid.estimatedBudget, i18n.language)) })
          : t("lifecycle.decide.rejectText")}
      </p>
      <ReasonField
        label={approve ? t("lifecycle.decide.comment") : `${t("lifecycle.decide.reason")} *`}
        value={comment}
        onChange={(value) => {
          setComment(value);
          if (value.trim()) setMissing(false);
        }}
        error={missing ? t("lifecycle.decide.reasonRequired") : undefined}
      />
    </DecisionDialog>
  );
}
