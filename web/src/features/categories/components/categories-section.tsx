/**
 * Admin Category Management (spec section 2): every category with its vendor count; create, edit and
 * delete each behind its own permission.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyNote, ListCard, ListState, ListTable } from "../../../components/list-scaffold.tsx";
import { Can } from "../../../lib/authorization.tsx";
import { type Category, useCategories } from "../../../hooks/use-categories.ts";
import { AddCategoryDialog } from "./add-category-dialog.tsx";
import { CategoryRow } from "./category-row.tsx";
import { DeleteCategoryDialog } from "./delete-category-dialog.tsx";

export default function CategoriesSection() {
  const { t } = useTranslation("categories");
  const categories = useCategories();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Category | null>(null);

  return (
    <ListCard
      title={t("title")}
      description={t("description")}
      actions={
        <Can permission="categories.create">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            <span aria-hidden="true">+</span>
            {t("add.button")}
          </button>
        </Can>
      }
      after={
        <>
          <AddCategoryDialog open={adding} onClose={() => setAdding(false)} />
          <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
        </>
      }
    >
      <ListState
        query={categories}
        loadingLabel={t("loading")}
        loadError={t("loadError")}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyNote>{t("empty")}</EmptyNote>}
      >
        {(data) => (
          <ListTable
            columns={[
              t("columns.name"),
              t("columns.description"),
              t("columns.status"),
              t("columns.vendors"),
              { label: t("columns.actions"), end: true },
            ]}
          >
            {data.map((category) => <CategoryRow key={category.id} category={category} onDelete={setDeleting} />)}
          </ListTable>
        )}
      </ListState>
    </ListCard>
  );
}
