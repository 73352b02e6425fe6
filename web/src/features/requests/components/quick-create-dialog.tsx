import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.tsx";
import { useCreatePurchaseRequest } from "../api/create-purchase-request.ts";
import { dateInputValue } from "./format.ts";
import { Modal } from "./modal.tsx";
import { EMPTY_QUICK_ITEM, type QuickPayload, QuickRequestForm } from "./quick-request-form.tsx";
import { serverMessage, useMessageText } from "./use-message-text.ts";

const DEFAULT_DEADLINE_DAYS = 14;

/** Quick create (spec section 7): status pending, bidding mode unsealed, deadline as ISO. */
export function QuickCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const mutation = useCreatePurchaseRequest();
  const formId = "quick-create-form";
  const create = (payload: QuickPayload) =>
    mutation.mutate({ ...payload, status: "pending", biddingMode: "unsealed" }, {
      onSuccess: (created) => {
        toast({
          variant: "success",
          title: t("toast.created"),
          description: t("toast.createdDescription", { id: created.requestId }),
        });
        onClose();
      },
      onError: (error) =>
        toast({
          variant: "error",
          title: t("toast.creationFailed"),
          description: messageText(serverMessage(error)) ?? t("toast.createFailed"),
        }),
    });
  return (
    <Modal
      title={t("quick.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            {t("translation:common.cancel")}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("quick.submit")}
          </button>
        </>
      }
    >
      <QuickRequestForm
        formId={formId}
        defaultValues={{
          title: "",
          description: "",
          deadline: dateInputValue(DEFAULT_DEADLINE_DAYS),
          categoryId: "",
          items: [{ ...EMPTY_QUICK_ITEM }],
        }}
        onValid={create}
      />
      {mutation.isError && (
        <div role="alert" className="alert alert-error alert-soft mt-4">
          <span>
            <strong>{t("toast.creationFailed")}:</strong>{" "}
            {messageText(serverMessage(mutation.error)) ?? t("toast.createFailed")}
          </span>
        </div>
      )}
    </Modal>
  );
}
