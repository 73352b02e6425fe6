import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { serverMessage } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { Can } from "../../../lib/authorization.tsx";
import { useDeleteCategory } from "../api/delete-category.ts";
import type { Category } from "../../../hooks/use-categories.ts";
import { useUpdateCategory } from "../api/update-category.ts";
import { useCategoryMessages } from "./category-messages.ts";

/**
 * Delete confirmation. The server refuses (409) to delete a category that vendors or requests use and
 * says to deactivate it instead; the dialog then offers exactly that.
 */
export function DeleteCategoryDialog({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation("categories");
  return (
    <ModalDialog
      open={category !== null}
      onClose={onClose}
      title={t("delete.title")}
    >
      {category && <DeleteCategoryBody category={category} onDone={onClose} />}
    </ModalDialog>
  );
}

function DeleteCategoryBody({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation("categories");
  const remove = useDeleteCategory();
  const messages = useCategoryMessages();
  const update = useUpdateCategory();
  const inUse = remove.error instanceof ApiError && remove.error.status === 409;
  const busy = remove.isPending || update.isPending;

  const onDelete = () => {
    if (busy) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        messages.toastSuccess("delete");
        onDone();
      },
      onError: (error) => messages.toastError("delete", error),
    });
  };
  const onDeactivate = () => {
    if (busy) return;
    update.mutate(
      { id: category.id, name: category.name, description: category.description ?? "", isActive: false },
      {
        onSuccess: () => {
          messages.toastSuccess("update");
          onDone();
        },
        onError: (error) => messages.toastError("update", error),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <p>{t("delete.question", { name: isolate(category.name) })}</p>
      <p className="text-sm text-base-content/70">{t("delete.warning")}</p>
      {inUse && (
        <div role="alert" className="alert alert-warning" dir="auto">
          {serverMessage(remove.error)}
        </div>
      )}
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onDone}>{t("translation:common.cancel")}</button>
        {inUse && category.isActive !== false && (
          <Can permission="categories.edit">
            <button type="button" className="btn btn-warning" onClick={onDeactivate} disabled={busy}>
              {t("delete.deactivateInstead")}
            </button>
          </Can>
        )}
        {!inUse && (
          <button type="button" className="btn btn-error" onClick={onDelete} disabled={busy}>
            {remove.isPending ? t("delete.deleting") : t("delete.confirm")}
          </button>
        )}
      </div>
    </div>
  );
}
