import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { quotationStatusSchema } from "../../../../../src/shared/schemas/bids.ts";
import type { Quotation } from "../api/get-quotations.ts";
import { useUpdateQuotationStatus } from "../api/update-quotation-status.ts";
import { Modal } from "../../../components/modal-dialog.tsx";

/** Reject with a reason the vendor's record keeps (the shared schema allows it to be empty). */
export function RejectDialog({ quotation, onClose }: { quotation: Quotation; onClose: () => void }) {
  const { t } = useTranslation("quotations");
  const [comment, setComment] = useState("");
  const mutation = useUpdateQuotationStatus();
  const formId = `reject-quotation-${quotation.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = quotationStatusSchema.safeParse({ status: "rejected", comment });
    if (!parsed.success) {
      toast({ variant: "error", title: t("toast.validationError"), description: parsed.error.issues[0]?.message });
      return;
    }
    mutation.mutate({ id: quotation.id, status: "rejected", comment: parsed.data.comment }, {
      onSuccess: () => {
        toast({
          variant: "success",
          title: t("toast.rejected"),
          description: t("toast.rejectedDescription", { vendor: isolate(quotation.vendorName) }),
        });
        onClose();
      },
      onError: (error) => toastError(error, t("toast.error"), { fallback: t("toast.statusFailed") }),
    });
  };
  return (
    <Modal
      title={t("reject.title", { vendor: isolate(quotation.vendorName) })}
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
        <p>
          {t("reject.body", {
            title: isolate(quotation.purchaseRequestTitle),
            number: isolate(quotation.requestNumber),
          })}
        </p>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("reject.reason")}</span>
          <textarea
            className="textarea w-full"
            rows={3}
            maxLength={2000}
            dir="auto"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </label>
        {mutation.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            {serverMessage(mutation.error) ?? t("toast.statusFailed")}
          </div>
        )}
      </form>
    </Modal>
  );
}
