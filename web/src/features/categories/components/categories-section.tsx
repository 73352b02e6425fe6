/**
 * Admin Category Management (spec section 2): every category with its vendor count; create, edit and
 * delete each behind its own permission.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { Can } from "../../../lib/authorization.tsx";
import { type Category, useCategories } from "../../../hooks/use-categories.ts";
import { AddCategoryDialog } from "./add-category-dialog.tsx";
import { CategoryRow } from "./category-row.tsx";
import { DeleteCategoryDialog } from "./delete-category-dialog.tsx";

export default function CategoriesSection() {
  const { t } = useTranslation("categories");
  const titleId = useId();
  const categories = useCategories();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Category | null>(null);

  let body;
  if (categories.isPending) {
    body = <Loading label={t("loading")} />;
  } else if (categories.isError) {
    body = <LoadError message={t("loadError")} onRetry={() => void categories.refetch()} />;
  } else if (categories.data.length === 0) {
    body = <p className="rounded-box bg-base-200 p-6 text-center text-base-content/70">{t("empty")}</p>;
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("columns.name")}</th>
              <th scope="col">{t("columns.description")}</th>
              <th scope="col">{t("columns.status")}</th>
              <th scope="col">{t("columns.vendors")}</th>
              <th scope="col" className="text-end">{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {categories.data.map((category) => (
              <CategoryRow key={category.id} category={category} onDelete={setDeleting} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={titleId} className="card-title text-xl">{t("title")}</h2>
            <p className="text-sm text-base-content/70">{t("description")}</p>
          </div>
          <Can permission="categories.create">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
              <span aria-hidden="true">+</span>
              {t("add.button")}
            </button>
          </Can>
        </div>
        {body}
      </div>
      <AddCategoryDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
