import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { categorySchema } from "../../../../../src/shared/schemas/categories.ts";
import { TextareaField, TextField } from "../../../components/form-field.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { useCreateCategory } from "../api/create-category.ts";
import { useCategoryMessages } from "./category-messages.ts";

type Values = { name: string; description: string };

export function AddCategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("categories");
  return (
    <ModalDialog open={open} onClose={onClose} title={t("add.title")}>
      <AddCategoryForm onDone={onClose} />
    </ModalDialog>
  );
}

function AddCategoryForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("categories");
  const create = useCreateCategory();
  const messages = useCategoryMessages();
  const form = useForm<Values>({
    defaultValues: { name: "", description: "" },
    resolver: zodFormResolver<Values>(categorySchema),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: () => {
        messages.toastSuccess("create");
        onDone();
      },
      onError: (error) => messages.toastError("create", error),
    });
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <TextField
        label={t("fields.name")}
        error={messages.fieldError(errors.name?.message)}
        {...form.register("name")}
        autoComplete="off"
        autoFocus
      />
      <TextareaField
        label={t("fields.description")}
        error={messages.fieldError(errors.description?.message)}
        {...form.register("description")}
      />
      <FormActions
        label={t("add.submit")}
        pendingLabel={t("add.creating")}
        pending={create.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
