/**
 * The Create Bid Request dialog: five tabs (Details, Items, Bidding, Evaluation, Review) over one
 * form. Before sending, the shared bidRequestSchema checks the rules in the spec's order; the first
 * failure is shown as a 'Validation Error' toast and the tab holding that field opens. Picking a
 * purchase request on the Details tab converts it: its fields and items are copied in and the
 * server links both.
 */
import { useId, useState } from "react";
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
import { useLiveIssue } from "../../../lib/live-issue.ts";
import { bidFormDefaults, type BidFormValues, bidToFormValues, tabOfField, toBidPayload } from "./bid-form.ts";
import { CreateBiddingTab } from "./create-bidding-tab.tsx";
import { CreateDetailsTab } from "./create-details-tab.tsx";
import { CreateEvaluationTab } from "./create-evaluation-tab.tsx";
import { CreateItemsTab } from "./create-items-tab.tsx";
import { CreateReviewTab } from "./create-review-tab.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { TabList, TabPanels } from "../../../components/tabs.tsx";
import { useBidMessageText } from "./use-bid-messages.ts";

const TABS = ["details", "items", "bidding", "evaluation", "review"] as const;
type Tab = (typeof TABS)[number];

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
  const [tab, setTab] = useState<Tab>("details");
  // The banner follows the values (web/src/lib/live-issue.ts): fixing the field takes it away.
  const [attempt, setAttempt] = useState<"draft" | "published">("published");
  const firstIssue = (values: BidFormValues) => {
    const parsed = bidRequestSchema.safeParse(toBidPayload(values, attempt));
    return parsed.success ? undefined : messageText(parsed.error.issues[0]?.message) ?? "";
  };
  const issue = useLiveIssue(form.watch(), firstIssue);
  const baseId = useId();
  const index = TABS.indexOf(tab);

  const submit = (status: "draft" | "published") => {
    if (mutation.isPending) return;
    setAttempt(status);
    const payload = toBidPayload(form.getValues(), status);
    const parsed = bidRequestSchema.safeParse(payload);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const message = messageText(first?.message) ?? "";
      issue.show();
      setTab(tabOfField(String(first?.path[0] ?? "")));
      toast({ variant: "error", title: t("toast.validationError"), description: message });
      return;
    }
    issue.hide();
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
    <Modal
      size="xl"
      title={editing ? t("lifecycle.edit.title", { number: isolate(editing.bidNumber) }) : t("create.title")}
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
          {tab === "review" && editing && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={pending}
              onClick={() => submit("draft")}
            >
              {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t("lifecycle.edit.save")}
            </button>
          )}
          {tab === "review" && !editing
            ? (
              <>
                <button type="button" className="btn btn-outline" disabled={pending} onClick={() => submit("draft")}>
                  {pending && mutation.variables?.status === "draft" && (
                    <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                  )}
                  {t("create.saveDraft")}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={pending}
                  onClick={() => submit("published")}
                >
                  {pending && mutation.variables?.status === "published" && (
                    <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                  )}
                  {converting ? t("create.convert") : t("create.submit")}
                </button>
              </>
            )
            : tab !== "review" && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setTab(TABS[index + 1])}
              >
                {t("create.next")}
              </button>
            )}
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          // Enter in a text field moves on rather than sending a half-filled request.
          event.preventDefault();
          if (tab !== "review") setTab(TABS[index + 1]);
        }}
      >
        <TabList
          id={baseId}
          tabs={TABS}
          current={tab}
          onSelect={setTab}
          label={t("create.title")}
          tabLabel={(name) => t(`create.tabs.${name}`)}
        />
        {issue.message && <div role="alert" className="alert alert-error alert-soft">{issue.message}</div>}
        <TabPanels id={baseId} tabs={TABS} current={tab}>
          {(name) => (
            <>
              {name === "details" && <CreateDetailsTab form={form} items={items} editing={!!editing} />}
              {name === "items" && <CreateItemsTab form={form} items={items} />}
              {name === "bidding" && <CreateBiddingTab form={form} />}
              {name === "evaluation" && <CreateEvaluationTab form={form} />}
              {name === "review" && <CreateReviewTab form={form} />}
            </>
          )}
        </TabPanels>
      </form>
    </Modal>
  );
}
