/**
 * The full Create Purchase Request dialog: four steps (Details, Items, Procurement, Review) over one
 * form in the shared wizard frame. Before sending, the shared fullPurchaseRequestSchema checks the
 * rules in the spec's order; the first failure is shown as a 'Validation Error' toast and the step
 * holding that field opens (web/src/components/wizard/use-wizard.ts).
 */
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fullPurchaseRequestSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useStepValidation, useWizard } from "../../../components/wizard/use-wizard.ts";
import { WizardDialog } from "../../../components/wizard/wizard-dialog.tsx";
import { useCreateRequest } from "./use-create-request.tsx";
import { CreateDetailsTab } from "./create-details-tab.tsx";
import { CreateItemsTab } from "./create-items-tab.tsx";
import { CreateProcurementTab } from "./create-procurement-tab.tsx";
import { CreateReviewTab } from "./create-review-tab.tsx";
import { fullFormDefaults, type FullFormValues, toFullPayload } from "./full-form.ts";
import { useMessageText } from "./use-message-text.ts";

const STEPS = ["details", "items", "procurement", "review"] as const;

const DETAILS_FIELDS = new Set(["title", "description", "department", "justification", "deadline", "categoryId"]);

export function CreateRequestDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const form = useForm<FullFormValues>({ defaultValues: fullFormDefaults() });
  const { create, pending, failedAlert } = useCreateRequest(onClose);
  const wizard = useWizard(STEPS);
  const validation = useStepValidation({
    wizard,
    values: form.watch(),
    parse: (values: FullFormValues) => fullPurchaseRequestSchema.safeParse(toFullPayload(values)),
    stepOf: (field) => DETAILS_FIELDS.has(field) ? "details" : "items",
    message: messageText,
    toastTitle: t("toast.validationError"),
  });

  const submit = () => {
    const values = form.getValues();
    if (validation.check(values)) create(toFullPayload(values));
  };

  return (
    <WizardDialog
      wizard={wizard}
      title={t("create.title")}
      label={t("create.title")}
      stepLabel={(name) => t(`create.tabs.${name}`)}
      previousLabel={t("create.previous")}
      nextLabel={t("create.next")}
      pending={pending}
      banner={validation.banner}
      alerts={failedAlert}
      onSubmit={submit}
      onClose={onClose}
      finish={(formId) => (
        <button type="submit" form={formId} className="btn btn-primary" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t("create.submit")}
        </button>
      )}
    >
      {(name) => (
        <>
          {name === "details" && <CreateDetailsTab form={form} />}
          {name === "items" && <CreateItemsTab form={form} errors={validation.itemErrors} />}
          {name === "procurement" && <CreateProcurementTab form={form} />}
          {name === "review" && <CreateReviewTab form={form} />}
        </>
      )}
    </WizardDialog>
  );
}
