import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PRIORITIES, REQUEST_TYPES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../../hooks/use-categories.ts";
import type { FullFormValues } from "./full-form.ts";
import { minDeadlineValue } from "../../../lib/date-input.ts";
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
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("fields.deadline")}</span>
        <input type="date" className="input w-full" min={minDeadlineValue()} {...register("deadline")} />
      </label>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.justification")} *</span>
        <textarea className="textarea w-full" rows={3} maxLength={5000} {...register("justification")} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("fields.priority")}</span>
        <select className="select w-full" {...register("priority")}>
          {PRIORITIES.map((p) => <option key={p} value={p}>{t(`priority.${p}`)}</option>)}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("fields.requestType")}</span>
        <select className="select w-full" {...register("requestType")}>
          {REQUEST_TYPES.map((type) => <option key={type} value={type}>{t(`requestType.${type}`)}</option>)}
        </select>
      </label>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.category")}</span>
        <select className="select w-full" {...register("categoryId")}>
          <option value="">{t("form.noCategory")}</option>
          {categories.data?.map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
        </select>
        <span className="text-xs text-base-content/60">{t("form.categoryHint")}</span>
      </label>
    </div>
  );
}
