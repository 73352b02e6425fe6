import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/load-states.tsx";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { type PurchaseRequestDetail, usePurchaseRequest } from "../api/get-purchase-request.ts";
import { useUpdatePurchaseRequest } from "../api/update-purchase-request.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { type QuickFormValues, type QuickPayload, QuickRequestForm } from "./quick-request-form.tsx";
import { isStaleError, useMessageText } from "./use-message-text.ts";
import { RequestItemsTable } from "./request-items-table.tsx";
import { canEditItems } from "../../../../../src/shared/status/purchase-request.ts";

function formValues(pr: PurchaseRequestDetail): QuickFormValues {
  return {
    title: pr.title,
    description: pr.description,
    deadline: pr.deadline.slice(0, 10),
    categoryId: pr.category ? String(pr.category.id) : "",
    items: pr.items.map((item) => ({
      name: item.name,
      specifications: item.specifications,
      unit: item.unit,
      quantity: String(item.quantity),
      estimatedPrice: item.estimatedPrice,
    })),
  };
}

/** The stored items as the edit payload carries them: sent back as they are, they are not a change. */
function storedItems(pr: PurchaseRequestDetail): QuickPayload["items"] {
  return pr.items.map(({ name, unit, quantity, specifications, estimatedPrice }) => ({
    name,
    unit,
    quantity,
    specifications,
    estimatedPrice,
  }));
}

/** Approved: the items as they stand and why they cannot change (the server refuses it with 409). */
function LockedItems({ pr }: { pr: PurchaseRequestDetail }) {
  const { t } = useTranslation("requests");
  return (
    <>
      <div role="note" className="alert alert-info alert-soft">{t("edit.itemsLocked")}</div>
      <RequestItemsTable items={pr.items} estimatedBudget={pr.estimatedBudget} />
    </>
  );
}

/**
 * Edit reads the request afresh and sends the version it read; if someone changed it meanwhile the
 * server answers 409 and this offers Reload (the form is rebuilt from the new version).
 */
export function EditRequestDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation("requests");
  const messageText = useMessageText();
  const query = usePurchaseRequest(id);
  const mutation = useUpdatePurchaseRequest();
  const pr = query.data;
  const formId = `edit-form-${id}`;
  const stale = mutation.isError && isStaleError(mutation.error);
  // The server's rule (src/shared/status): past pending, only the other fields may change.
  const itemsLocked = pr !== undefined && !canEditItems(pr.status);

  const save = (payload: QuickPayload) => {
    if (!pr) return;
    const items = itemsLocked ? storedItems(pr) : payload.items;
    mutation.mutate({ id, ...payload, items, version: pr.version }, {
      onSuccess: (updated) => {
        toast({ variant: "success", title: t("toast.updated"), description: updated.requestId });
        onClose();
      },
      onError: (error) => toastError(error, t("toast.updateFailed"), { translate: messageText }),
    });
  };

  const reload = async () => {
    await query.refetch();
    mutation.reset();
  };

  return (
    <Modal
      title={pr ? t("edit.titleWithId", { id: pr.requestId }) : t("edit.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            {t("translation:common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn-primary"
            disabled={!pr || mutation.isPending || stale || query.isFetching}
          >
            {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("edit.submit")}
          </button>
        </>
      }
    >
      {(query.isPending || query.isFetching) && <Loading />}
      {query.isError && <div role="alert" className="alert alert-error alert-soft">{t("details.loadError")}</div>}
      {stale && (
        <div role="alert" className="alert alert-warning mb-4 flex flex-wrap justify-between">
          <span>{messageText(serverMessage(mutation.error))}</span>
          <button type="button" className="btn btn-sm" onClick={() => void reload()} disabled={query.isFetching}>
            {t("edit.reload")}
          </button>
        </div>
      )}
      {mutation.isError && !stale && (
        <div role="alert" className="alert alert-error alert-soft mb-4">
          {messageText(serverMessage(mutation.error)) ?? t("toast.updateFailed")}
        </div>
      )}
      {pr && !query.isFetching && (
        // Keyed by version: a reload that brings a newer version rebuilds the form from it.
        <QuickRequestForm
          key={pr.version}
          formId={formId}
          defaultValues={formValues(pr)}
          originalDeadline={pr.deadline}
          lockedItems={itemsLocked ? <LockedItems pr={pr} /> : undefined}
          onValid={save}
        />
      )}
    </Modal>
  );
}
