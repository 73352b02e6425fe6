/** Create or edit a budget: department and/or category, fiscal year or quarter, amount, currency, notes. */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { BUDGET_MESSAGES, budgetSchema } from "../../../../../src/shared/schemas/budgets.ts";
import { NumberField, SelectField, TextareaField, TextField } from "../../../components/form-field.tsx";
import { CategoryOptions } from "../../../components/category-options.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { DialogButtons } from "../../../components/dialog-buttons.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useCategories } from "../../../hooks/use-categories.ts";
import type { Budget } from "../api/get-budgets.ts";
import { useSaveBudget } from "../api/save-budget.ts";

type Field = "department" | "categoryId" | "fiscalYear" | "quarter" | "amount" | "currency" | "notes";

export function BudgetDialog({ budget, defaultYear, onClose }: {
  budget?: Budget;
  defaultYear: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("budgets");
  const categories = useCategories();
  const save = useSaveBudget();
  const [values, setValues] = useState({
    department: budget?.department ?? "",
    categoryId: budget?.categoryId ? String(budget.categoryId) : "",
    fiscalYear: String(budget?.fiscalYear ?? defaultYear),
    quarter: budget?.quarter ? String(budget.quarter) : "",
    amount: budget?.amount ?? "",
    currency: budget?.currency ?? "USD",
    notes: budget?.notes ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });
  /** The shared schema's English messages, in the user's language. */
  const translate = (message: string) => {
    const key = Object.entries(BUDGET_MESSAGES).find(([, m]) => m === message)?.[0];
    return key ? t(`errors.${key}`) : message;
  };
  const formId = "budget-form";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      department: values.department.trim() || null,
      categoryId: values.categoryId ? Number(values.categoryId) : null,
      fiscalYear: Number(values.fiscalYear),
      quarter: values.quarter ? Number(values.quarter) : null,
      amount: values.amount.trim(),
      currency: values.currency.trim().toUpperCase(),
      notes: values.notes,
    };
    const parsed = budgetSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] ?? "department") as Field;
        next[field] ??= translate(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ ...payload, id: budget?.id, version: budget?.version }, {
      onSuccess: () => {
        toast({ variant: "success", title: budget ? t("saved") : t("created") });
        onClose();
      },
      onError: (error) => toastError(error, t("saveFailed")),
    });
  };

  return (
    <Modal
      title={budget ? t("editTitle") : t("createTitle")}
      onClose={onClose}
      footer={<DialogButtons confirmLabel={t("save")} busy={save.isPending} onCancel={onClose} form={formId} />}
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="budget-form">
        <p className="text-sm text-base-content/70">{t("scopeHint")}</p>
        <TextField
          label={t("fields.department")}
          error={errors.department}
          value={values.department}
          onChange={set("department")}
          maxLength={100}
        />
        <SelectField
          label={t("fields.category")}
          error={errors.categoryId}
          value={values.categoryId}
          onChange={set("categoryId")}
        >
          <CategoryOptions categories={categories.data} none={t("anyCategory")} />
        </SelectField>
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            label={t("fields.fiscalYear")}
            error={errors.fiscalYear}
            value={values.fiscalYear}
            onChange={set("fiscalYear")}
          />
          <SelectField
            label={t("fields.quarter")}
            error={errors.quarter}
            value={values.quarter}
            onChange={set("quarter")}
          >
            <option value="">{t("wholeYear")}</option>
            {[1, 2, 3, 4].map((q) => <option key={q} value={q}>{t("quarterN", { quarter: q })}</option>)}
          </SelectField>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t("fields.amount")}
            error={errors.amount}
            inputMode="decimal"
            value={values.amount}
            onChange={set("amount")}
          />
          <TextField
            label={t("fields.currency")}
            error={errors.currency}
            value={values.currency}
            onChange={set("currency")}
            maxLength={3}
          />
        </div>
        <TextareaField
          label={t("fields.notes")}
          error={errors.notes}
          rows={2}
          value={values.notes}
          onChange={set("notes")}
          maxLength={1000}
        />
      </form>
    </Modal>
  );
}
