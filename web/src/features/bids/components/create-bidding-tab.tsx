import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BidFormValues } from "./bid-form.ts";
import { TextField } from "../../../components/form-field.tsx";
import { minDeadlineValue } from "../../../lib/date-input.ts";

const MODES = ["open", "sealed"] as const;

export function CreateBiddingTab({ form }: { form: UseFormReturn<BidFormValues> }) {
  const { t } = useTranslation("bids");
  const { register, control } = form;
  const mode = useWatch({ control, name: "biddingMode" });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={`${t("fields.biddingDeadline")} *`}
        hint={t("form.biddingDeadlineHint")}
        type="datetime-local"
        {...register("biddingDeadline")}
      />
      <TextField
        label={`${t("fields.projectDeadline")} *`}
        hint={t("form.projectDeadlineHint")}
        type="date"
        min={minDeadlineValue()}
        {...register("deadline")}
      />
      <TextField
        label={t("fields.biddingStartAt")}
        hint={t("form.biddingStartHint")}
        className="sm:col-span-2"
        inputClassName="input w-full sm:w-1/2"
        type="datetime-local"
        {...register("biddingStartAt")}
      />
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">{t("fields.biddingMode")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {MODES.map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer gap-3 rounded-box border p-3 ${
                mode === value ? "border-primary bg-primary/5" : "border-base-300"
              }`}
            >
              <input type="radio" className="radio radio-primary mt-1" value={value} {...register("biddingMode")} />
              <span className="flex flex-col gap-1">
                <span className="font-medium">{t(`mode.${value}`)}</span>
                <span className="text-sm text-base-content/70">{t(`form.modeHint.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
