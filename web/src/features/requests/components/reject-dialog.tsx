import { isolate } from "../../../lib/i18n.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { rejectSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useRejectPurchaseRequest } from "../api/reject-purchase-request.ts";
import { DecisionDialog, ReasonField } from "../../../components/decision-dialog.tsx";
import type { RequestRef } from "./request-actions.tsx";
import { useMessageText } from "./use-message-text.ts";

/** Reject with a required reason (the shared schema's rule and message). */
export function RejectDialog({ pr, onClose }: { pr: RequestRef; onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useRejectPurchaseRequest();
  const submit = () => {
    const parsed = rejectSchema.safeParse({ comment });
    if (!parsed.success) {
      const message = messageText(parsed.error.issues[0]?.message);
      setError(message);
      toast({ variant: "error", title: t("toast.validationError"), description: message });
      return;
    }
    setError(undefined);
    mutation.mutate({ id: pr.id, comment: parsed.data.comment }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("reject.success"), description: pr.requestId });
        onClose();
      },
      onError: (failure) => toastError(failure, t("reject.failed"), { translate: messageText }),
    });
  };
  return (
    <DecisionDialog
      title={t("reject.title", { id: pr.requestId })}
      confirmLabel={t("reject.confirm")}
      tone="error"
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
      failure={mutation.isError ? messageText(serverMessage(mutation.error)) ?? t("reject.failed") : undefined}
    >
      <p>{t("reject.body", { title: isolate(pr.title) })}</p>
      <ReasonField label={t("reject.reason")} value={comment} onChange={setComment} required error={error} />
    </DecisionDialog>
  );
}
