import type { TFunction } from "i18next";
import { CATEGORY_NAME_REQUIRED } from "../../../../../src/shared/schemas/categories.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.tsx";

/** The shared schema's English messages, shown in the user's language. */
export function categoryFieldError(message: string | undefined, t: TFunction<"categories">): string | undefined {
  if (!message) return undefined;
  if (message === CATEGORY_NAME_REQUIRED) return t("errors.nameRequired");
  if (message === "Category name is too long") return t("errors.nameTooLong");
  if (message === "Description is too long") return t("errors.descriptionTooLong");
  return message;
}

type Action = "create" | "update" | "delete";

/** Spec section 8: 'Error creating category' with the server's message, else 'Failed to create category'. */
export function toastCategoryError(action: Action, error: unknown, t: TFunction<"categories">) {
  const server = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: "error", title: t(`toast.${action}ErrorTitle`), description: server || t(`toast.${action}Fallback`) });
}

export function toastCategorySuccess(action: Action, t: TFunction<"categories">) {
  toast({ variant: "success", title: t(`toast.${action}d`) });
}
