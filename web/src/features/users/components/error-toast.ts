import { ApiError, isUnauthorizedError } from "../../../lib/api-client.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";

/**
 * The error toast of spec section 8 (its title and fallback text), followed by the server's own
 * message when there is one, e.g. "Failed to create user: A user with this email already exists".
 * An expired session is left to the global handler, whose 'Unauthorized' toast must stay visible.
 */
export function toastError(error: unknown, title: string, fallback: string) {
  if (isUnauthorizedError(error)) return;
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  const description = reason && reason !== fallback ? `${fallback}: ${isolate(reason)}` : fallback;
  toast({ variant: "error", title, description });
}
