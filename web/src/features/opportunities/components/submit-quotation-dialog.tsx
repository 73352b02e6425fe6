/**
 * The manual Submit Quotation dialog (spec sections 2, 5, 8): the request's items with a unit price
 * and notes each, validity, lead time, notes and attachments, sent as multipart. Rules and messages
 * come from the shared quotation schema; a resubmission (Revise) replaces the current quotation.
 */
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NumberField, TextareaField } from "../../../components/form-field.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { fromCents } from "../../../../../src/shared/money.ts";
import { QUOTATION_MESSAGES, quotationSubmissionSchema } from "../../../../../src/shared/schemas/bids.ts";
import type { Opportunity } from "../api/get-matching-opportunities.ts";
import type { VendorQuotation } from "../api/get-vendor-quotations.ts";
import { useSubmitQuotation } from "../api/submit-quotation.ts";
import { AttachmentsField } from "./attachments-field.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { DialogButtons } from "../../../components/dialog-buttons.tsx";
import { lineCents, type QuotationFormValues, QuotationItemsInput } from "./quotation-items-input.tsx";
import { useMessageText } from "./use-message-text.ts";

/** Spec section 9: a quotation is valid 30 days unless the vendor says otherwise. */
const DEFAULT_VALIDITY_DAYS = 30;

export const isSealedBid = (opportunity: Opportunity) =>
  opportunity.kind === "bid_request" && opportunity.biddingMode === "sealed";

function defaults(opportunity: Opportunity, existing?: VendorQuotation): QuotationFormValues {
  const previous = new Map(existing?.items.map((i) => [i.itemId, i]) ?? []);
  return {
    ...(opportunity.kind === "bid_request" ? { bidRequestId: opportunity.id } : { purchaseRequestId: opportunity.id }),
    items: opportunity.items.map((item) => ({
      itemId: item.id,
      unitPrice: previous.has(item.id) ? String(previous.get(item.id)!.unitPrice) : "",
      notes: previous.get(item.id)?.notes ?? "",
    })),
    validityPeriod: String(existing?.validityDays ?? DEFAULT_VALIDITY_DAYS),
    leadTimeDays: existing?.leadTimeDays === null || existing?.leadTimeDays === undefined
      ? undefined
      : String(existing.leadTimeDays),
    notes: existing?.notes ?? "",
  };
}

export function SubmitQuotationDialog({ opportunity, existing, onClose }: {
  opportunity: Opportunity;
  /** The vendor's current quotation for this request, when revising it. */
  existing?: VendorQuotation;
  onClose: () => void;
}) {
  const { t } = useTranslation("opportunities");
  const messageText = useMessageText();
  const mutation = useSubmitQuotation();
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<QuotationFormValues>({
    resolver: zodFormResolver<QuotationFormValues>(quotationSubmissionSchema),
    defaultValues: defaults(opportunity, existing),
  });
  const errors = form.formState.errors;
  const formId = `submit-quotation-${opportunity.kind}-${opportunity.id}`;
  const sealed = isSealedBid(opportunity);
  const leadTimeError = errors.leadTimeDays ? t("submit.leadTimeInvalid") : undefined;
  const validityError = messageText(errors.validityPeriod?.message);

  const onValid = (values: QuotationFormValues) => {
    const parsed = quotationSubmissionSchema.parse(values);
    const totalCents = opportunity.items.reduce(
      (sum, item, n) => sum + (lineCents(String(parsed.items[n]?.unitPrice ?? ""), item.quantity) ?? 0),
      0,
    );
    mutation.mutate({
      quotation: {
        ...(parsed.bidRequestId
          ? { bidRequestId: parsed.bidRequestId }
          : { purchaseRequestId: parsed.purchaseRequestId }),
        items: parsed.items.map((i) => ({ itemId: i.itemId, unitPrice: String(i.unitPrice), notes: i.notes })),
        totalAmount: fromCents(totalCents),
        validityPeriod: parsed.validityPeriod,
        leadTimeDays: parsed.leadTimeDays,
        notes: parsed.notes,
      },
      attachments: files,
    }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("submit.successTitle"), description: t("submit.successDescription") });
        onClose();
      },
      onError: (error) =>
        toastError(error, t("submit.errorTitle"), { translate: messageText, fallback: t("submit.errorFallback") }),
    });
  };

  // Spec section 5: one Validation Error toast naming the first rule that failed.
  const onInvalid = (invalid: FieldErrors<QuotationFormValues>) => {
    const first = invalid.items?.message ?? invalid.purchaseRequestId?.message ?? invalid.bidRequestId?.message ??
      invalid.validityPeriod?.message;
    const description = invalid.leadTimeDays && !first
      ? t("submit.leadTimeInvalid")
      : messageText(first ?? QUOTATION_MESSAGES.unitPrices);
    toast({ variant: "error", title: t("submit.validationTitle"), description });
  };

  return (
    <Modal
      size="lg"
      title={existing ? t("submit.reviseTitle", { title: isolate(opportunity.title) }) : t("submit.title")}
      onClose={onClose}
      footer={
        <DialogButtons
          confirmLabel={mutation.isPending ? t("submit.submitting") : t("submit.submit")}
          busy={mutation.isPending}
          onCancel={onClose}
          form={formId}
        />
      }
    >
      <form id={formId} className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
        <div>
          <p className="font-medium break-words" dir="auto">{opportunity.title}</p>
          <p className="font-mono text-sm text-base-content/70" dir="ltr">{opportunity.requestId}</p>
        </div>
        {sealed && <div role="note" className="alert alert-info alert-soft">{t("submit.sealedNotice")}</div>}
        {existing && <div role="note" className="alert alert-soft">{t("submit.reviseNotice")}</div>}
        <QuotationItemsInput
          items={opportunity.items}
          control={form.control}
          register={form.register}
          caption={t("itemsCaption", { title: isolate(opportunity.title) })}
          invalid={Boolean(errors.items)}
        />
        {errors.items?.message && <p className="text-sm text-error" role="alert">{messageText(errors.items.message)}
        </p>}
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            label={t("submit.validity")}
            error={validityError}
            min={1}
            max={365}
            {...form.register("validityPeriod")}
          />
          <NumberField
            label={t("submit.leadTime")}
            error={leadTimeError}
            min={0}
            {...form.register("leadTimeDays", { setValueAs: (v) => (v === "" || v == null ? undefined : v) })}
          />
        </div>
        <TextareaField label={t("submit.notes")} maxLength={5000} dir="auto" {...form.register("notes")} />
        <AttachmentsField files={files} onChange={setFiles} disabled={mutation.isPending} />
      </form>
    </Modal>
  );
}
