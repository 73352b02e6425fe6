import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextareaField, TextField } from "../../../components/form-field.tsx";
import type { FullFormValues } from "./full-form.ts";

export function CreateProcurementTab({ form }: { form: UseFormReturn<FullFormValues> }) {
  const { t } = useTranslation("requests");
  const { register } = form;
  return (
    <div className="flex flex-col gap-4">
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" className="toggle toggle-primary mt-0.5" {...register("approvalRequired")} />
        <span>
          <span className="block font-medium">{t("fields.approvalRequired")}</span>
          <span className="block text-sm text-base-content/60">{t("form.approvalHint")}</span>
        </span>
      </label>
      <TextareaField label={t("fields.vendorPreferences")} maxLength={2000} {...register("vendorPreferences")} />
      <TextField label={t("fields.internalSupplier")} maxLength={200} {...register("internalSupplier")} />
      {/* Quotations on a purchase request are never sealed: sealed bidding is a bid request mode. */}
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t("fields.biddingMode")}</span>
        <span>{t("biddingMode.open")}</span>
        <span className="text-xs text-base-content/60">{t("form.biddingModeHint")}</span>
      </div>
    </div>
  );
}
