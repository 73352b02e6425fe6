/** Approve or reject a bid pending approval (the purchase requests' rule: manager and finance). */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal-dialog.tsx";
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
  const formId = `decide-${bid.id}`;
  const approve = decision === "approve";

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Modal
      size="sm"
      title={approve
        ? t("lifecycle.decide.approveTitle", { number: isolate(bid.bidNumber) })
        : t("lifecycle.decide.rejectTitle", { number: isolate(bid.bidNumber) })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={decide.isPending}>
            {t("confirm.keep")}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${approve ? "btn-success" : "btn-error"}`}
            disabled={decide.isPending}
          >
            {decide.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {approve ? t("lifecycle.actions.approve") : t("lifecycle.actions.reject")}
          </button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-3" onSubmit={submit}>
        <p>
          {approve
            ? t("lifecycle.decide.approveText", { budget: isolate(formatMoney(bid.estimatedBudget, i18n.language)) })
            : t("lifecycle.decide.rejectText")}
        </p>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            {approve ? t("lifecycle.decide.comment") : `${t("lifecycle.decide.reason")} *`}
          </span>
          <textarea
            className={`textarea w-full ${missing ? "textarea-error" : ""}`}
            rows={3}
            maxLength={2000}
            dir="auto"
            aria-invalid={missing}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
          />
        </label>
        {missing && <p role="alert" className="text-sm text-error">{t("lifecycle.decide.reasonRequired")}</p>}
        {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      </form>
    </Modal>
  );
}
