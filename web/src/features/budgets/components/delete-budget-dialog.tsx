import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import type { Budget } from "../api/get-budgets.ts";
import { useDeleteBudget } from "../api/save-budget.ts";
import { useBudgetText } from "./use-budget-text.ts";

/** Deleting a budget leaves its requests and orders as they are; only the limit goes. */
export function DeleteBudgetDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation("budgets");
  const text = useBudgetText();
  const remove = useDeleteBudget();
  return (
    <ConfirmDialog
      title={t("deleteTitle")}
      confirmLabel={t("delete")}
      tone="error"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(budget.id, {
          onSuccess: () => {
            toast({ variant: "success", title: t("deleted") });
            onClose();
          },
          onError: (error) => toastError(error, t("deleteFailed")),
        })}
    >
      <p>{t("deleteBody", { name: `${text.scope(budget)} (${text.period(budget)})` })}</p>
    </ConfirmDialog>
  );
}
