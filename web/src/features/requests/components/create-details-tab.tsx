import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PRIORITIES, REQUEST_TYPES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import type { FullFormValues } from "./full-form.ts";
import { minDeadlineValue } from "../../../lib/date-input.ts";
import { SelectField, TextareaField, TextField } from "../../../components/form-field.tsx";
import { CategoryOptions } from "../../../components/category-options.tsx";
import { RequestBasicsFields } from "../../../components/wizard/request-fields.tsx";

export function CreateDetailsTab({ form }: { form: UseFormReturn<FullFormValues> }) {
  const { t } = useTranslation("requests");
  const categories = useCategories();
  const { register } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <RequestBasicsFields
        register={register}
        labels={{ title: t("fields.title"), description: t("fields.description"), department: t("fields.department") }}
      />
      <TextField label={t("fields.deadline")} type="date" min={minDeadlineValue()} {...register("deadline")} />
      <TextareaField
        label={`${t("fields.justification")} *`}
        className="sm:col-span-2"
        maxLength={5000}
        {...register("justification")}
      />
      <SelectField label={t("fields.priority")} {...register("priority")}>
        {PRIORITIES.map((p) => <option key={p} value={p}>{t(`priority.${p}`)}</option>)}
      </SelectField>
      <SelectField label={t("fields.requestType")} {...register("requestType")}>
        {REQUEST_TYPES.map((type) => <option key={type} value={type}>{t(`requestType.${type}`)}</option>)}
      </SelectField>
      <SelectField
        label={t("fields.category")}
        hint={t("form.categoryHint")}
        className="sm:col-span-2"
        {...register("categoryId")}
      >
        <CategoryOptions categories={categories.data} none={t("form.noCategory")} />
      </SelectField>
    </div>
  );
}
