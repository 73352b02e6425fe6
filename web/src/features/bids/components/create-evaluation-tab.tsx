import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EVALUATION_METHODS } from "../../../../../src/shared/schemas/bids.ts";
import { NumberField, SelectField, TextareaField, Toggle } from "../../../components/form-field.tsx";
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
      <SelectField
        label={t("fields.evaluationMethod")}
        hint={t(`form.evaluationHint.${method}`)}
        className="sm:col-span-2"
        selectClassName="select w-full sm:w-1/2"
        {...register("evaluationMethod")}
      >
        {EVALUATION_METHODS.map((m) => <option key={m} value={m}>{t(`evaluation.${m}`)}</option>)}
      </SelectField>
      {method === "combined_scoring" && (
        <>
          <NumberField
            label={t("fields.priceWeight")}
            min={0}
            max={100}
            {...register("priceWeight", {
              onChange: (event) => setValue("technicalWeight", complement(event.target.value)),
            })}
          />
          <NumberField
            label={t("fields.technicalWeight")}
            min={0}
            max={100}
            {...register("technicalWeight", {
              onChange: (event) => setValue("priceWeight", complement(event.target.value)),
            })}
          />
        </>
      )}
      <TextareaField
        label={`${t("fields.qualificationCriteria")} *`}
        className="sm:col-span-2"
        maxLength={5000}
        {...register("qualificationCriteria")}
      />
      <div className="flex flex-col gap-2">
        <Toggle label={t("fields.bondRequired")} {...register("bondRequired")} />
        {bondRequired && (
          <NumberField label={`${t("fields.bondAmount")} *`} min={0} step={0.01} {...register("bondAmount")} />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Toggle label={t("fields.vendorPrequalification")} {...register("vendorPrequalification")} />
        <NumberField
          label={t("fields.minimumYearsExperience")}
          min={0}
          {...register("minimumYearsExperience", {
            onBlur: (event) => setValue("minimumYearsExperience", normalizeWhole(event.target.value, 0)),
          })}
        />
      </div>
      <TextareaField
        label={t("fields.technicalSpecifications")}
        className="sm:col-span-2"
        maxLength={10000}
        {...register("technicalSpecifications")}
      />
      <TextareaField
        label={t("fields.commercialTerms")}
        className="sm:col-span-2"
        maxLength={10000}
        {...register("commercialTerms")}
      />
    </div>
  );
}
