/** Compare Quotations (spec section 2, design section 1): choose a request, see its matrix. */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComparisonMatrix } from "./comparison-matrix.tsx";
import { useRequestOptions } from "./request-options.ts";
import { LoadError, Loading } from "../../../components/load-states.tsx";

export function CompareQuotations() {
  const { t } = useTranslation("quotations");
  const selectId = useId();
  const { query, options } = useRequestOptions();
  const [key, setKey] = useState("");
  const selected = options.find((o) => o.key === key) ?? null;

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError message={t("loadError")} onRetry={() => void query.refetch()} />;
  if (options.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
        <p className="font-medium">{t("empty")}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-xl">
        <label htmlFor={selectId} className="text-sm font-medium">{t("compare.chooseRequest")}</label>
        <select id={selectId} className="select w-full" value={key} onChange={(e) => setKey(e.target.value)}>
          <option value="">{t("compare.choosePlaceholder")}</option>
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {`${o.number} · ${o.title}`}
            </option>
          ))}
        </select>
      </div>
      {selected
        ? <ComparisonMatrix key={selected.key} kind={selected.kind} id={selected.id} />
        : <p className="text-base-content/70">{t("compare.hint")}</p>}
    </div>
  );
}
