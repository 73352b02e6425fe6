import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/load-states.tsx";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { type PurchaseRequestDetail, usePurchaseRequest } from "../api/get-purchase-request.ts";
import { useUpdatePurchaseRequest } from "../api/update-purchase-request.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { type QuickFormValues, type QuickPayload, QuickRequestForm } from "./quick-request-form.tsx";
import { isStaleError, useMessageText } from "./use-message-text.ts";

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

  const save = (payload: QuickPayload) => {
    if (!pr) return;
    mutation.mutate({ id, ...payload, version: pr.version }, {
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
          onValid={save}
        />
      )}
    </Modal>
  );
}
