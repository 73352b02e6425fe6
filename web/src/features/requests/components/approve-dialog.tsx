import { isolate } from "../../../lib/i18n.ts";
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useApprovePurchaseRequest } from "../api/approve-purchase-request.ts";
import { DecisionDialog, ReasonField } from "../../../components/decision-dialog.tsx";
import type { RequestRef } from "./request-actions.tsx";
import { useMessageText } from "./use-message-text.ts";

/** What approving does to the budgets the request falls under (the budgets feature's, handed in by the app). */
export type BudgetEffectComponent = ComponentType<{ purchaseRequestId: number }>;

/** Approve with an optional comment; above the threshold the request waits for the second approver. */
export function ApproveDialog(
  { pr, onClose, BudgetEffect }: { pr: RequestRef; onClose: () => void; BudgetEffect: BudgetEffectComponent },
) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const [comment, setComment] = useState("");
  const mutation = useApprovePurchaseRequest();
  const submit = () => {
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
    <DecisionDialog
      title={t("approve.title", { id: pr.requestId })}
      confirmLabel={t("approve.confirm")}
      tone="success"
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
      failure={mutation.isError ? messageText(serverMessage(mutation.error)) ?? t("approve.failed") : undefined}
    >
      <p>{t("approve.body", { title: isolate(pr.title) })}</p>
      <BudgetEffect purchaseRequestId={pr.id} />
      <ReasonField label={t("approve.comment")} value={comment} onChange={setComment} />
    </DecisionDialog>
  );
}
