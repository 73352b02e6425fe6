import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useApprovePurchaseRequest } from "../api/approve-purchase-request.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import type { RequestRef } from "./request-actions.tsx";
import { useMessageText } from "./use-message-text.ts";
import { BudgetEffect } from "../../budgets/components/budget-effect.tsx";

/** Approve with an optional comment; above the threshold the request waits for the second approver. */
export function ApproveDialog({ pr, onClose }: { pr: RequestRef; onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const [comment, setComment] = useState("");
  const mutation = useApprovePurchaseRequest();
  const formId = `approve-${pr.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ id: pr.id, comment: comment.trim() }, {
      onSuccess: (result) => {
        toast({
          variant: "success",
          title: t("approve.success"),
          description: result.status === "active" ? t("approve.nowActive") : t("approve.awaitingSecond"),
        });
        onClose();
      },
      onError: (error) => toastError(error, t("approve.failed"), { translate: messageText }),
    });
  };
  return (
    <Modal
      title={t("approve.title", { id: pr.requestId })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            {t("translation:common.cancel")}
          </button>
          <button type="submit" form={formId} className="btn btn-success" disabled={mutation.isPending}>
            {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("approve.confirm")}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3">
        <p>{t("approve.body", { title: pr.title })}</p>
        <BudgetEffect purchaseRequestId={pr.id} />
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("approve.comment")}</span>
          <textarea
            className="textarea w-full"
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </label>
        {mutation.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            {messageText(serverMessage(mutation.error)) ?? t("approve.failed")}
          </div>
        )}
      </form>
    </Modal>
  );
}
