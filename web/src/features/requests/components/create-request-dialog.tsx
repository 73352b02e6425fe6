/**
 * The full Create Purchase Request dialog: four tabs (Details, Items, Procurement, Review) over one
 * form. Before sending, the shared fullPurchaseRequestSchema checks the rules in the spec's order;
 * the first failure is shown as a 'Validation Error' toast and the tab holding that field opens.
 */
import { useId, useState } from "react";
import { useLiveIssue } from "../../../lib/live-issue.ts";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.tsx";
import { fullPurchaseRequestSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCreateRequest } from "./use-create-request.tsx";
import { CreateDetailsTab } from "./create-details-tab.tsx";
import { CreateItemsTab } from "./create-items-tab.tsx";
import { CreateProcurementTab } from "./create-procurement-tab.tsx";
import { CreateReviewTab } from "./create-review-tab.tsx";
import { fullFormDefaults, type FullFormValues, toFullPayload } from "./full-form.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { TabList, TabPanels } from "../../../components/tabs.tsx";
import { useMessageText } from "./use-message-text.ts";

const TABS = ["details", "items", "procurement", "review"] as const;
type Tab = (typeof TABS)[number];

const DETAILS_FIELDS = new Set(["title", "description", "department", "justification", "deadline", "categoryId"]);

export function CreateRequestDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const form = useForm<FullFormValues>({ defaultValues: fullFormDefaults() });
  const { create, pending, failedAlert } = useCreateRequest(onClose);
  const [tab, setTab] = useState<Tab>("details");
  const firstIssue = (values: FullFormValues) => {
    const parsed = fullPurchaseRequestSchema.safeParse(toFullPayload(values));
    return parsed.success ? undefined : messageText(parsed.error.issues[0]?.message);
  };
  // The banner follows the values: fixing the field takes it away (it used to stay until the next submit).
  const issue = useLiveIssue(form.watch(), firstIssue);
  const baseId = useId();
  const formId = `${baseId}-form`;
  const index = TABS.indexOf(tab);

  const submit = form.handleSubmit((values) => {
    const payload = toFullPayload(values);
    const parsed = fullPurchaseRequestSchema.safeParse(payload);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const message = messageText(first?.message);
      issue.show();
      setTab(DETAILS_FIELDS.has(String(first?.path[0])) ? "details" : "items");
      toast({ variant: "error", title: t("toast.validationError"), description: message });
      return;
    }
    issue.hide();
    create(payload);
  });

  return (
    <Modal
      size="lg"
      title={t("create.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            {t("translation:common.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={index === 0}
            onClick={() => setTab(TABS[index - 1])}
          >
            {t("create.previous")}
          </button>
          {tab === "review"
            ? (
              <button type="submit" form={formId} className="btn btn-primary" disabled={pending}>
                {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t("create.submit")}
              </button>
            )
            : (
              <button type="button" className="btn btn-primary" onClick={() => setTab(TABS[index + 1])}>
                {t("create.next")}
              </button>
            )}
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TabList
          id={baseId}
          tabs={TABS}
          current={tab}
          onSelect={setTab}
          label={t("create.title")}
          tabLabel={(name) => t(`create.tabs.${name}`)}
        />
        {issue.message && <div role="alert" className="alert alert-error alert-soft">{issue.message}</div>}
        {failedAlert}
        <TabPanels id={baseId} tabs={TABS} current={tab}>
          {(name) => (
            <>
              {name === "details" && <CreateDetailsTab form={form} />}
              {name === "items" && <CreateItemsTab form={form} />}
              {name === "procurement" && <CreateProcurementTab form={form} />}
              {name === "review" && <CreateReviewTab form={form} />}
            </>
          )}
        </TabPanels>
      </form>
    </Modal>
  );
}
