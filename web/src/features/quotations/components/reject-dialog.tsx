import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { quotationStatusSchema } from "../../../../../src/shared/schemas/bids.ts";
import type { Quotation } from "../api/get-quotations.ts";
import { useUpdateQuotationStatus } from "../api/update-quotation-status.ts";
import { DecisionDialog, ReasonField } from "../../../components/decision-dialog.tsx";

/** Reject with a reason the vendor's record keeps (the shared schema allows it to be empty). */
export function RejectDialog({ quotation, onClose }: { quotation: Quotation; onClose: () => void }) {
  const { t } = useTranslation("quotations");
  const [comment, setComment] = useState("");
  const mutation = useUpdateQuotationStatus();
  const submit = () => {
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
    <DecisionDialog
      title={t("reject.title", { vendor: isolate(quotation.vendorName) })}
      confirmLabel={t("reject.confirm")}
      tone="error"
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
      failure={mutation.isError ? serverMessage(mutation.error) ?? t("toast.statusFailed") : undefined}
    >
      <p>
        {t("reject.body", {
          title: isolate(quotation.purchaseRequestTitle),
          number: isolate(quotation.requestNumber),
        })}
      </p>
      <ReasonField label={t("reject.reason")} value={comment} onChange={setComment} />
    </DecisionDialog>
  );
}
