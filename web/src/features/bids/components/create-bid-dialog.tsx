/**
 * The Create Bid Request dialog: five steps (Details, Items, Bidding, Evaluation, Review) over one
 * form in the shared wizard frame. Before sending, the shared bidRequestSchema checks the rules in the spec's order; the first
 * failure is shown as a 'Validation Error' toast and the tab holding that field opens. Picking a
 * purchase request on the Details tab converts it: its fields and items are copied in and the
 * server links both.
 */
import { useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { bidRequestSchema } from "../../../../../src/shared/schemas/bids.ts";
import type { BidStatus } from "../../../../../src/shared/status/bid-request.ts";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useCreateBidRequest } from "../api/create-bid-request.ts";
import type { BidRequest } from "../api/get-bid-requests.ts";
import { useUpdateBidRequest } from "../api/update-bid-request.ts";
import { isolate } from "../../../lib/i18n.ts";
import { bidFormDefaults, type BidFormValues, bidToFormValues, tabOfField, toBidPayload } from "./bid-form.ts";
import { CreateBiddingTab } from "./create-bidding-tab.tsx";
import { CreateDetailsTab } from "./create-details-tab.tsx";
import { CreateEvaluationTab } from "./create-evaluation-tab.tsx";
import { CreateItemsTab } from "./create-items-tab.tsx";
import { CreateReviewTab } from "./create-review-tab.tsx";
import { useStepValidation, useWizard } from "../../../components/wizard/use-wizard.ts";
import { WizardDialog } from "../../../components/wizard/wizard-dialog.tsx";
import { useBidMessageText } from "./use-bid-messages.ts";

const STEPS = ["details", "items", "bidding", "evaluation", "review"] as const;

export function CreateBidDialog({ onClose, onCreated, editing }: {
  onClose: () => void;
  onCreated: (status: BidStatus) => void;
  /** Edit this draft instead of creating one (PUT with its version; everything can change). */
  editing?: BidRequest;
}) {
  const { t } = useTranslation("bids");
  const messageText = useBidMessageText();
  const form = useForm<BidFormValues>({ defaultValues: editing ? bidToFormValues(editing) : bidFormDefaults() });
  // Owned here so converting a purchase request can replace the items the Items tab shows.
  const items = useFieldArray({ control: form.control, name: "items" });
  const converting = !!useWatch({ control: form.control, name: "purchaseRequestId" });
  const mutation = useCreateBidRequest();
  const update = useUpdateBidRequest();
  const wizard = useWizard(STEPS);
  // The banner follows the values: fixing the field takes it away.
  const [attempt, setAttempt] = useState<"draft" | "published">("published");
  const validation = useStepValidation({
    wizard,
    values: form.watch(),
    parse: (values: BidFormValues) => bidRequestSchema.safeParse(toBidPayload(values, attempt)),
    stepOf: tabOfField,
    message: messageText,
    toastTitle: t("toast.validationError"),
  });

  const submit = (status: "draft" | "published") => {
    if (mutation.isPending) return;
    setAttempt(status);
    const values = form.getValues();
    // The check runs with this attempt's status (the state above updates on the next render).
    const parse = (v: BidFormValues) => bidRequestSchema.safeParse(toBidPayload(v, status));
    if (!validation.check(values, parse)) return;
    const payload = toBidPayload(values, status);
    if (editing) {
      update.mutate({ id: editing.id, version: editing.version, payload }, {
        onSuccess: (saved) => {
          toast({
            variant: "success",
            title: t("lifecycle.edit.saved"),
            description: t("lifecycle.edit.savedDescription"),
          });
          onCreated(saved.status);
          onClose();
        },
        onError: (failure) =>
          toastError(failure, t("lifecycle.edit.failed"), {
            translate: messageText,
            fallback: t("lifecycle.edit.failedDescription"),
          }),
      });
      return;
    }
    mutation.mutate(payload, {
      onSuccess: (created) => {
        toast({
          variant: "success",
          title: t("toast.created"),
          description: created.status === "draft"
            ? t("toast.createdDraft")
            : created.status === "pending_approval"
            ? t("lifecycle.createdPending")
            : t("toast.createdPublished"),
        });
        onCreated(created.status);
        onClose();
      },
      onError: (failure) =>
        toastError(failure, t("toast.creationFailed"), {
          translate: messageText,
          fallback: t("toast.creationFailedDescription"),
        }),
    });
  };

  const pending = mutation.isPending || update.isPending;
  return (
    <WizardDialog
      wizard={wizard}
      size="xl"
      title={editing ? t("lifecycle.edit.title", { number: isolate(editing.bidNumber) }) : t("create.title")}
      label={t("create.title")}
      stepLabel={(name) => t(`create.tabs.${name}`)}
      previousLabel={t("create.previous")}
      nextLabel={t("create.next")}
      pending={pending}
      banner={validation.banner}
      onClose={onClose}
      finish={() =>
        editing
          ? (
            <button type="button" className="btn btn-primary" disabled={pending} onClick={() => submit("draft")}>
              {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t("lifecycle.edit.save")}
            </button>
          )
          : (
            <>
              <button type="button" className="btn btn-outline" disabled={pending} onClick={() => submit("draft")}>
                {pending && mutation.variables?.status === "draft" && (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                )}
                {t("create.saveDraft")}
              </button>
              <button type="button" className="btn btn-primary" disabled={pending} onClick={() => submit("published")}>
                {pending && mutation.variables?.status === "published" && (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                )}
                {converting ? t("create.convert") : t("create.submit")}
              </button>
            </>
          )}
    >
      {(name) => (
        <>
          {name === "details" && <CreateDetailsTab form={form} items={items} editing={!!editing} />}
          {name === "items" && <CreateItemsTab form={form} items={items} errors={validation.itemErrors} />}
          {name === "bidding" && <CreateBiddingTab form={form} />}
          {name === "evaluation" && <CreateEvaluationTab form={form} />}
          {name === "review" && <CreateReviewTab form={form} />}
        </>
      )}
    </WizardDialog>
  );
}
