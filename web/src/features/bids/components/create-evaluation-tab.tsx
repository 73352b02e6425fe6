import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EVALUATION_METHODS } from "../../../../../src/shared/schemas/bids.ts";
import { type BidFormValues, normalizeWhole } from "./bid-form.ts";

/** The other weight, so that the two always add up to 100 (the rule of combined scoring). */
function complement(value: string): string {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? String(100 - n) : "";
}

export function CreateEvaluationTab({ form }: { form: UseFormReturn<BidFormValues> }) {
  const { t } = useTranslation("bids");
  const { register, setValue, control } = form;
  const method = useWatch({ control, name: "evaluationMethod" });
  const bondRequired = useWatch({ control, name: "bondRequired" });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.evaluationMethod")}</span>
        <select className="select w-full sm:w-1/2" {...register("evaluationMethod")}>
          {EVALUATION_METHODS.map((m) => <option key={m} value={m}>{t(`evaluation.${m}`)}</option>)}
        </select>
        <span className="text-xs text-base-content/60">{t(`form.evaluationHint.${method}`)}</span>
      </label>
      {method === "combined_scoring" && (
        <>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("fields.priceWeight")}</span>
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              className="input w-full"
              {...register("priceWeight", {
                onChange: (event) => setValue("technicalWeight", complement(event.target.value)),
              })}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("fields.technicalWeight")}</span>
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              className="input w-full"
              {...register("technicalWeight", {
                onChange: (event) => setValue("priceWeight", complement(event.target.value)),
              })}
            />
          </label>
        </>
      )}
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.qualificationCriteria")} *</span>
        <textarea className="textarea w-full" rows={3} maxLength={5000} {...register("qualificationCriteria")} />
      </label>
      <div className="flex flex-col gap-2">
        <label className="flex cursor-pointer items-center gap-3">
          <input type="checkbox" className="toggle toggle-primary" {...register("bondRequired")} />
          <span className="text-sm font-medium">{t("fields.bondRequired")}</span>
        </label>
        {bondRequired && (
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("fields.bondAmount")} *</span>
            <input
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              className="input w-full"
              {...register("bondAmount")}
            />
          </label>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label className="flex cursor-pointer items-center gap-3">
          <input type="checkbox" className="toggle toggle-primary" {...register("vendorPrequalification")} />
          <span className="text-sm font-medium">{t("fields.vendorPrequalification")}</span>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t("fields.minimumYearsExperience")}</span>
          <input
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="input w-full"
            {...register("minimumYearsExperience", {
              onBlur: (event) => setValue("minimumYearsExperience", normalizeWhole(event.target.value, 0)),
            })}
          />
        </label>
      </div>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.technicalSpecifications")}</span>
        <textarea className="textarea w-full" rows={3} maxLength={10000} {...register("technicalSpecifications")} />
      </label>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("fields.commercialTerms")}</span>
        <textarea className="textarea w-full" rows={3} maxLength={10000} {...register("commercialTerms")} />
      </label>
    </div>
  );
}
