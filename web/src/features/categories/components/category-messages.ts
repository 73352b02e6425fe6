import { useTranslation } from "react-i18next";
import { CATEGORY_NAME_REQUIRED } from "../../../../../src/shared/schemas/categories.ts";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";

type Action = "create" | "update" | "delete";

/** Field errors and toasts of the category screens, in the user's language. */
export function useCategoryMessages() {
  const { t } = useTranslation("categories");
  return {
    /** The shared schema's English messages, translated. */
    fieldError(message: string | undefined): string | undefined {
      if (!message) return undefined;
      if (message === CATEGORY_NAME_REQUIRED) return t("errors.nameRequired");
      if (message === "Category name is too long") return t("errors.nameTooLong");
      if (message === "Description is too long") return t("errors.descriptionTooLong");
      return message;
    },
    /** Spec section 8: 'Error creating category' with the server's message, else 'Failed to create category'. */
    toastError(action: Action, error: unknown) {
      toastError(error, t(`toast.${action}ErrorTitle`), { fallback: t(`toast.${action}Fallback`) });
    },
    toastSuccess(action: Action) {
      toast({ variant: "success", title: t(`toast.${action}d`) });
    },
  };
}
