/** The overrun policy and the fiscal year start month (budgets.manage). */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BudgetSettings, OVERRUN_POLICIES } from "../../../../../src/shared/schemas/budgets.ts";
import { SelectField } from "../../../components/form-field.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useSaveBudgetSettings } from "../api/save-budget.ts";
import { useBudgetText } from "./use-budget-text.ts";

export function BudgetSettingsDialog({ settings, onClose }: { settings: BudgetSettings; onClose: () => void }) {
  const { t } = useTranslation("budgets");
  const text = useBudgetText();
  const save = useSaveBudgetSettings();
  const [values, setValues] = useState(settings);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => {
        toast({ variant: "success", title: t("settings.saved") });
        onClose();
      },
      onError: (error) => toastError(error, t("settings.failed")),
    });
  };
  return (
    <Modal
      title={t("settings.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t("translation:common.cancel")}
          </button>
          <button type="submit" form="budget-settings" className="btn btn-primary" disabled={save.isPending}>
            {t("save")}
          </button>
        </>
      }
    >
      <form id="budget-settings" onSubmit={submit} className="flex flex-col gap-3">
        <SelectField
          label={t("settings.policy")}
          value={values.overrunPolicy}
          onChange={(e) => setValues({ ...values, overrunPolicy: e.target.value as BudgetSettings["overrunPolicy"] })}
        >
          {OVERRUN_POLICIES.map((p) => <option key={p} value={p}>{t(`policy.${p}`)}</option>)}
        </SelectField>
        <SelectField
          label={t("settings.startMonth")}
          hint={t("settings.startMonthHint")}
          value={values.fiscalYearStartMonth}
          onChange={(e) => setValues({ ...values, fiscalYearStartMonth: Number(e.target.value) })}
        >
          {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => <option key={m} value={m}>{text.month(m)}</option>)}
        </SelectField>
      </form>
    </Modal>
  );
}
