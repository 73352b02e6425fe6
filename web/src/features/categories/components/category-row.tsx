import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { categorySchema } from "../../../../../src/shared/schemas/categories.ts";
import { Can } from "../../../lib/authorization.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import type { Category } from "../../../hooks/use-categories.ts";
import { useUpdateCategory } from "../api/update-category.ts";
import { useCategoryMessages } from "./category-messages.ts";
import { ActionButton } from "../../../components/action-button.tsx";

export function CategoryRow({ category, onDelete }: { category: Category; onDelete: (category: Category) => void }) {
  const { t } = useTranslation("categories");
  const [editing, setEditing] = useState(false);
  if (editing) return <CategoryEditRow category={category} onDone={() => setEditing(false)} />;
  const active = category.isActive !== false;
  return (
    <tr>
      <th scope="row" className="font-medium break-words" dir="auto">{category.name}</th>
      <td className="max-w-md text-base-content/80 break-words" dir="auto">
        {category.description || <span className="text-base-content/50">{t("noDescription")}</span>}
      </td>
      <td>
        <span className={`badge badge-soft ${active ? "badge-success" : "badge-neutral"}`}>
          {active ? t("status.active") : t("status.inactive")}
        </span>
      </td>
      <td className="tabular-nums">{category.vendorCount ?? 0}</td>
      <td>
        <div className="flex justify-end gap-1 whitespace-nowrap">
          <Can permission="categories.edit">
            <ActionButton
              label={t("actions.edit")}
              name={t("actions.editNamed", { name: isolate(category.name) })}
              onClick={() => setEditing(true)}
            />
          </Can>
          <Can permission="categories.delete">
            <ActionButton
              label={t("actions.delete")}
              className="btn btn-sm btn-ghost text-error"
              name={t("actions.deleteNamed", { name: isolate(category.name) })}
              onClick={() => onDelete(category)}
            />
          </Can>
        </div>
      </td>
    </tr>
  );
}

type Values = { name: string; description: string; isActive: boolean };

/** Inline edit: a <form> cannot wrap table cells, so the inputs join the form by its id. */
function CategoryEditRow({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation("categories");
  const formId = useId();
  const update = useUpdateCategory();
  const messages = useCategoryMessages();
  const form = useForm<Values>({
    defaultValues: {
      name: category.name,
      description: category.description ?? "",
      isActive: category.isActive !== false,
    },
    resolver: zodFormResolver<Values>(categorySchema),
  });
  const { errors } = form.formState;
  const nameError = messages.fieldError(errors.name?.message);
  const descriptionError = messages.fieldError(errors.description?.message);
  const onSubmit = form.handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate({ id: category.id, ...values, isActive: values.isActive ?? true }, {
      onSuccess: () => {
        messages.toastSuccess("update");
        onDone();
      },
      onError: (error) => messages.toastError("update", error),
    });
  });
  return (
    <tr className="bg-base-200/60">
      <td className="align-top">
        <label className="sr-only" htmlFor={`${formId}-name`}>{t("fields.name")}</label>
        <input
          id={`${formId}-name`}
          form={formId}
          {...form.register("name")}
          className="input input-sm w-full min-w-36"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${formId}-name-error` : undefined}
          autoFocus
        />
        {nameError && <p id={`${formId}-name-error`} className="mt-1 text-sm text-error">{nameError}</p>}
      </td>
      <td className="align-top">
        <label className="sr-only" htmlFor={`${formId}-description`}>{t("fields.description")}</label>
        <input
          id={`${formId}-description`}
          form={formId}
          {...form.register("description")}
          className="input input-sm w-full min-w-48"
          aria-invalid={descriptionError ? true : undefined}
        />
        {descriptionError && <p className="mt-1 text-sm text-error">{descriptionError}</p>}
      </td>
      <td className="align-top">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            form={formId}
            {...form.register("isActive")}
            className="toggle toggle-success toggle-sm"
          />
          <span className="text-sm">{t("fields.active")}</span>
        </label>
      </td>
      <td className="align-top tabular-nums">{category.vendorCount ?? 0}</td>
      <td className="align-top">
        <form id={formId} onSubmit={onSubmit} className="flex justify-end gap-1 whitespace-nowrap" noValidate>
          <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
            {t("translation:common.cancel")}
          </button>
          <button type="submit" className="btn btn-sm btn-primary" disabled={update.isPending}>
            {update.isPending ? t("actions.saving") : t("actions.save")}
          </button>
        </form>
      </td>
    </tr>
  );
}
