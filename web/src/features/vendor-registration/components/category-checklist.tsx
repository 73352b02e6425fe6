import { useTranslation } from "react-i18next";
import { useCategories } from "../../../hooks/use-categories.ts";

/** "Item Categories You Supply": one checkbox per category, with loading, error and empty states. */
export function CategoryChecklist({ value, onChange, error, errorId }: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  errorId: string;
}) {
  const { t } = useTranslation();
  const categories = useCategories({ publicPage: true });
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));

  let body;
  if (categories.isPending) {
    body = (
      <div role="status" className="flex items-center gap-2 text-base-content/70">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {t("vendorRegistration.loadingCategories")}
      </div>
    );
  } else if (categories.isError) {
    body = (
      <div role="alert" className="alert alert-warning alert-soft">
        <span>{t("vendorRegistration.categoriesError")}</span>
        <button type="button" className="btn btn-sm" onClick={() => void categories.refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  } else if (categories.data.length === 0) {
    body = (
      <div className="rounded-box bg-base-200 p-4 text-center">
        <p className="font-medium">{t("vendorRegistration.noCategories")}</p>
        <p className="text-sm text-base-content/70">{t("vendorRegistration.noCategoriesHint")}</p>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-2 sm:grid-cols-2">
        {categories.data.map((category) => (
          <li key={category.id}>
            <label className="flex h-full cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3">
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm mt-0.5"
                checked={value.includes(category.id)}
                onChange={(event) => toggle(category.id, event.target.checked)}
                aria-describedby={error ? errorId : undefined}
              />
              <span>
                <span className="block font-medium" dir="auto">{category.name}</span>
                {category.description && (
                  <span className="block text-sm text-base-content/70" dir="auto">{category.description}</span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-lg font-semibold">{t("vendorRegistration.categoriesSection")}</legend>
      {body}
      {error && <p id={errorId} className="text-sm text-error">{error}</p>}
    </fieldset>
  );
}
