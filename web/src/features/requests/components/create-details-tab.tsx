import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PRIORITIES, REQUEST_TYPES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { useCategories } from "../../categories/api/get-categories.ts";
import type { FullFormValues } from "./full-form.ts";
import { minDeadlineValue } from "../../../lib/date-input.ts";

export function CreateDetailsTab({ form }: { form: UseFormReturn<FullFormValues> }) {
  const { t } = useTranslation("requests");
  const categories = useCategories();
  const { register } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.title")} *</span>
        <input className="input w-full" maxLength={200} {...register("title")} />
      </label>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.description")} *</span>
        <textarea className="textarea w-full" rows={3} maxLength={5000} {...register("description")} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("fields.department")} *</span>
        <input className="input w-full" maxLength={100} {...register("department")} />
      </label>
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
