import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.tsx";
import { useUpdatePurchaseRequestStatus } from "../api/update-purchase-request-status.ts";
import { Modal } from "./modal.tsx";
import type { RequestRef } from "./request-actions.tsx";
import { serverMessage, useMessageText } from "./use-message-text.ts";

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
      onError: (error) => {
        toast({
          variant: "error",
          title: t(`statusChange.${kind}.failed`),
          description: messageText(serverMessage(error)),
        });
      },
    });
  return (
    <Modal
      title={t(`statusChange.${kind}.title`)}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            {t(`statusChange.${kind}.keep`)}
          </button>
          <button
            type="button"
            className={`btn ${kind === "cancel" ? "btn-error" : "btn-primary"}`}
            onClick={confirm}
            disabled={mutation.isPending}
          >
            {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t(`statusChange.${kind}.confirm`)}
          </button>
        </>
      }
    >
      <p>{t(`statusChange.${kind}.body`, { title: pr.title, id: pr.requestId })}</p>
      {mutation.isError && (
        <div role="alert" className="alert alert-error alert-soft mt-4">
          {messageText(serverMessage(mutation.error)) ?? t(`statusChange.${kind}.failed`)}
        </div>
      )}
    </Modal>
  );
}
