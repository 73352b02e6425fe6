/**
 * Creating a purchase request from either form (full or quick): the spec's success and failure
 * toasts, and the failure repeated inside the dialog until the next try.
 */
import { useTranslation } from "react-i18next";
import { errorDescription, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { type CreatePurchaseRequestInput, useCreatePurchaseRequest } from "../api/create-purchase-request.ts";
import { useMessageText } from "./use-message-text.ts";

export function useCreateRequest(onCreated: () => void) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const mutation = useCreatePurchaseRequest();
  const failure = { translate: messageText, fallback: t("toast.createFailed") };
  const create = (payload: CreatePurchaseRequestInput) =>
    mutation.mutate(payload, {
      onSuccess: (created) => {
        toast({
          variant: "success",
          title: t("toast.created"),
          description: t("toast.createdDescription", { id: created.requestId }),
        });
        onCreated();
      },
      onError: (error) => toastError(error, t("toast.creationFailed"), failure),
    });
  const failedAlert = mutation.isError && (
    <div role="alert" className="alert alert-error alert-soft">
      <span>
        <strong>{t("toast.creationFailed")}:</strong> {errorDescription(mutation.error, failure)}
      </span>
    </div>
  );
  return { create, pending: mutation.isPending, failedAlert };
}
