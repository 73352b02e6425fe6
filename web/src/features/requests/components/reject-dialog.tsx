import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { rejectSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useRejectPurchaseRequest } from "../api/reject-purchase-request.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import type { RequestRef } from "./request-actions.tsx";
import { useMessageText } from "./use-message-text.ts";

/** Reject with a required reason (the shared schema's rule and message). */
export function RejectDialog({ pr, onClose }: { pr: RequestRef; onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useRejectPurchaseRequest();
  const formId = `reject-${pr.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Modal
      title={t("reject.title", { id: pr.requestId })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            {t("translation:common.cancel")}
          </button>
          <button type="submit" form={formId} className="btn btn-error" disabled={mutation.isPending}>
            {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("reject.confirm")}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <p>{t("reject.body", { title: pr.title })}</p>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("reject.reason")}</span>
          <textarea
            className="textarea w-full"
            rows={3}
            maxLength={2000}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${formId}-error` : undefined}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </label>
        {error && <p id={`${formId}-error`} className="text-sm text-error">{error}</p>}
        {mutation.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            {messageText(serverMessage(mutation.error)) ?? t("reject.failed")}
          </div>
        )}
      </form>
    </Modal>
  );
}
