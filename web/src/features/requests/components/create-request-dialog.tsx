/**
 * The full Create Purchase Request dialog: four tabs (Details, Items, Procurement, Review) over one
 * form. Before sending, the shared fullPurchaseRequestSchema checks the rules in the spec's order;
 * the first failure is shown as a 'Validation Error' toast and the tab holding that field opens.
 */
import { type KeyboardEvent, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.tsx";
import { fullPurchaseRequestSchema } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCreatePurchaseRequest } from "../api/create-purchase-request.ts";
import { CreateDetailsTab } from "./create-details-tab.tsx";
import { CreateItemsTab } from "./create-items-tab.tsx";
import { CreateProcurementTab } from "./create-procurement-tab.tsx";
import { CreateReviewTab } from "./create-review-tab.tsx";
import { fullFormDefaults, type FullFormValues, toFullPayload } from "./full-form.ts";
import { Modal } from "./modal.tsx";
import { serverMessage, useMessageText } from "./use-message-text.ts";

const TABS = ["details", "items", "procurement", "review"] as const;
type Tab = (typeof TABS)[number];

const DETAILS_FIELDS = new Set(["title", "description", "department", "justification", "deadline", "categoryId"]);

export function CreateRequestDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation("requests");
  const messageText = useMessageText();
  const form = useForm<FullFormValues>({ defaultValues: fullFormDefaults() });
  const mutation = useCreatePurchaseRequest();
  const [tab, setTab] = useState<Tab>("details");
  const [error, setError] = useState<string>();
  const baseId = useId();
  const formId = `${baseId}-form`;
  const index = TABS.indexOf(tab);

  const submit = form.handleSubmit((values) => {
    const payload = toFullPayload(values);
    const parsed = fullPurchaseRequestSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = messageText(issue?.message);
      setError(message);
      setTab(DETAILS_FIELDS.has(String(issue?.path[0])) ? "details" : "items");
      toast({ variant: "error", title: t("toast.validationError"), description: message });
      return;
    }
    setError(undefined);
    mutation.mutate(payload, {
      onSuccess: (created) => {
        toast({
          variant: "success",
          title: t("toast.created"),
          description: t("toast.createdDescription", { id: created.requestId }),
        });
        onClose();
      },
      onError: (failure) =>
        toast({
          variant: "error",
          title: t("toast.creationFailed"),
          description: messageText(serverMessage(failure)) ?? t("toast.createFailed"),
        }),
    });
  });

  // Arrow keys move between tabs (mirrored in right-to-left languages), as in the ARIA tabs pattern.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = i18n.dir() === "rtl";
    const step = event.key === "ArrowRight" ? (rtl ? -1 : 1) : event.key === "ArrowLeft" ? (rtl ? 1 : -1) : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length];
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <Modal
      wide
      title={t("create.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
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
              <button type="submit" form={formId} className="btn btn-primary" disabled={mutation.isPending}>
                {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
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
        <div role="tablist" aria-label={t("create.title")} className="tabs tabs-box">
          {TABS.map((name) => (
            <button
              key={name}
              id={`${baseId}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${baseId}-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className={`tab ${tab === name ? "tab-active" : ""}`}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
            >
              {t(`create.tabs.${name}`)}
            </button>
          ))}
        </div>
        {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
        {mutation.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            <span>
              <strong>{t("toast.creationFailed")}:</strong>{" "}
              {messageText(serverMessage(mutation.error)) ?? t("toast.createFailed")}
            </span>
          </div>
        )}
        {TABS.map((name) => (
          // Every panel stays mounted (hidden) so the form keeps one set of registered fields.
          <div
            key={name}
            id={`${baseId}-panel-${name}`}
            role="tabpanel"
            aria-labelledby={`${baseId}-tab-${name}`}
            hidden={tab !== name}
          >
            {name === "details" && <CreateDetailsTab form={form} />}
            {name === "items" && <CreateItemsTab form={form} />}
            {name === "procurement" && <CreateProcurementTab form={form} />}
            {name === "review" && <CreateReviewTab form={form} />}
          </div>
        ))}
      </form>
    </Modal>
  );
}
