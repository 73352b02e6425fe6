/**
 * Error toasts of spec section 8: the catalogue's title, and the server's own message when it sent
 * one, else the catalogue's fallback text.
 */
import { ApiError, isUnauthorizedError } from "./api-client.ts";
import { isolate } from "./i18n.ts";
import { toast } from "./toast.tsx";

/** The server's message of a failed call (its JSON `message`), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

export type ErrorToastOptions = {
  /** Shown when the server sent no message. */
  fallback?: string;
  /** Turns the server's English message into the user's language (a feature's schema messages). */
  translate?: (message: string | undefined) => string | undefined;
  /** Keep the fallback and add the server's reason after it: "Failed to create user: A user with ...". */
  withReason?: boolean;
};

/** The description an error toast shows for `error` (also for an inline alert next to it). */
export function errorDescription(error: unknown, options: ErrorToastOptions = {}): string | undefined {
  const { fallback, translate, withReason } = options;
  const server = serverMessage(error);
  const reason = (translate ? translate(server) : server) || undefined;
  if (withReason && fallback) return reason && reason !== fallback ? `${fallback}: ${isolate(reason)}` : fallback;
  return reason ?? fallback;
}

/**
 * Show the error toast and return its description. An expired session is left to the global
 * handler (web/src/lib/query-client.ts), whose 'Unauthorized' toast must stay visible.
 */
export function toastError(error: unknown, title: string, options: ErrorToastOptions = {}): string | undefined {
  const description = errorDescription(error, options);
  if (!isUnauthorizedError(error)) toast({ variant: "error", title, description });
  return description;
}
