import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { errorDescription, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useUpdatePurchaseRequestStatus } from "../api/update-purchase-request-status.ts";
import type { RequestRef } from "./request-actions.tsx";
import { useMessageText } from "./use-message-text.ts";

type Kind = "cancel" | "complete" | "submit";

const TARGET: Record<Kind, "cancelled" | "completed" | "pending"> = {
  cancel: "cancelled",
  complete: "completed",
  submit: "pending",
};

/** Confirmation for a status change by the state machine; cancelling and completing cannot be undone. */
export function StatusChangeDialog({ kind, pr, onClose }: { kind: Kind; pr: RequestRef; onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const mutation = useUpdatePurchaseRequestStatus();
  const confirm = () =>
    mutation.mutate({ id: pr.id, status: TARGET[kind], version: pr.version }, {
      onSuccess: () => {
        toast({ variant: "success", title: t(`statusChange.${kind}.success`), description: pr.requestId });
        onClose();
      },
      onError: (error) => toastError(error, t(`statusChange.${kind}.failed`), { translate: messageText }),
    });
  return (
    <ConfirmDialog
      tone={kind === "cancel" ? "error" : "primary"}
      title={t(`statusChange.${kind}.title`)}
      cancelLabel={t(`statusChange.${kind}.keep`)}
      confirmLabel={t(`statusChange.${kind}.confirm`)}
      busy={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t(`statusChange.${kind}.body`, { title: pr.title, id: pr.requestId })}</p>
      {mutation.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          {errorDescription(mutation.error, { translate: messageText, fallback: t(`statusChange.${kind}.failed`) })}
        </div>
      )}
    </ConfirmDialog>
  );
}
