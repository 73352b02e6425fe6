import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCategories } from "../../../hooks/use-categories.ts";
import { formatDate } from "../../../lib/format.ts";
import { reviewLabels, ReviewSummary } from "../../../components/wizard/request-fields.tsx";
import type { FullFormValues } from "./full-form.ts";

/** A read-only summary of the other tabs, with the estimated budget the server will compute. */
export function CreateReviewTab({ form }: { form: UseFormReturn<FullFormValues> }) {
  const { t, i18n } = useTranslation("requests");
  const lang = i18n.language;
  const categories = useCategories();
  const v = useWatch({ control: form.control }) as FullFormValues;
  const items = v.items ?? [];
  const category = categories.data?.find((c) => String(c.id) === v.categoryId)?.name;
  const rows: [string, string][] = [
    [t("fields.title"), v.title],
    [t("fields.department"), v.department],
    [t("fields.priority"), t(`priority.${v.priority}`)],
    [t("fields.requestType"), t(`requestType.${v.requestType}`)],
    [t("fields.category"), category ?? t("form.noCategory")],
    [t("fields.deadline"), v.deadline ? formatDate(`${v.deadline}T00:00:00Z`, lang, { utc: true }) : "-"],
    [t("fields.approvalRequired"), v.approvalRequired ? t("form.required") : t("form.notRequired")],
    [t("fields.biddingMode"), t(`biddingMode.${v.biddingMode}`)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <ReviewSummary
        rows={rows}
        items={items}
        labels={reviewLabels(t, t("form.itemsLegend"))}
      />
    </div>
  );
}
