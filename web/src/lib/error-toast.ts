/**
 * Error toasts of spec section 8: the catalogue's title, and the server's reason in the user's
 * language, else the catalogue's fallback text.
 *
 * The server answers `{ message, code, params? }`: `code` (src/shared/error-codes.ts) is translated
 * from the "errors" namespace (web/src/features/errors/locales, preloaded by web/src/lib/i18n.ts).
 * Only a message without a translatable code (a schema message in `generic.validation`, or an
 * English message under a generic code) goes through the feature's own message table, and only a
 * message nobody translates is shown as the server wrote it.
 */
import { ApiError, type ApiIssue, isUnauthorizedError } from "./api-client.ts";
import { formatDate, formatDateTime } from "./format.ts";
import { i18n, isolate } from "./i18n.ts";
import { toast } from "./toast.tsx";
import { ERROR_MESSAGES, errorText, isErrorCode } from "../../../src/shared/error-codes.ts";

type Translate = (message: string | undefined) => string | undefined;

/** Codes whose text is a message from elsewhere (a schema, a provider), carried in params.message. */
const PASS_THROUGH = new Set<string>(["generic.validation"]);

/**
 * A param that names a status ("under review", "bidding_open") or a label is shown translated, a
 * date or time (ISO 8601) in the user's language.
 */
function paramValue(value: string | number): string | number {
  if (typeof value !== "string") return value;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value, i18n.language);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value, i18n.language, { utc: true });
  const key = `errors:values.${value.trim().replace(/ /g, "_")}`;
  if (/^[A-Za-z_ ]+$/.test(value) && i18n.exists(key)) return i18n.t(key);
  // Anything else came from a user or another system: keep its own direction inside the sentence.
  return isolate(value);
}

/**
 * The text of `code` in the user's language, or undefined when the "errors" namespace has no
 * translation for it (an unknown code, or the namespace not loaded yet).
 */
export function errorCodeText(code: string, params: Record<string, string | number> = {}): string | undefined {
  const key = `errors:${code}`;
  if (!i18n.exists(key)) return undefined;
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, paramValue(v)]));
  return i18n.t(key, values);
}

/**
 * The server's reason for a failed call in the user's language: the translation of its code; for a
 * message the code does not carry (validation, old call sites), the feature's `translate`, then the
 * server's English text.
 */
export function serverMessage(error: unknown, translate?: Translate): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { code, params, serverMessage: english } = error;
  const viaFeature = (message: string | undefined) =>
    (message && translate ? translate(message) : message) || undefined;
  if (!code || !isErrorCode(code)) return viaFeature(english);
  if (PASS_THROUGH.has(code)) return viaFeature(typeof params?.message === "string" ? params.message : english);
  // A generic code whose message is not the generic text: an English message the server has no code for.
  if (code.startsWith("generic.") && english && english !== errorText(code, params)) return viaFeature(english);
  return errorCodeText(code, params) ?? viaFeature(english);
}

/**
 * A field issue of the server's answer in the user's language: an issue that repeats the error's
 * own message is shown as the error's translation; any other goes through `translate`.
 */
export function issueMessage(error: unknown, issue: ApiIssue, translate?: Translate): string {
  if (error instanceof ApiError && issue.message === error.serverMessage) {
    const text = serverMessage(error, translate);
    if (text) return text;
  }
  return (translate ? translate(issue.message) : undefined) || issue.message;
}

/** True when `error` is the server's answer with this code. */
export function hasErrorCode(error: unknown, code: keyof typeof ERROR_MESSAGES): boolean {
  return error instanceof ApiError && error.code === code;
}

export type ErrorToastOptions = {
  /** Shown when the server sent no message. */
  fallback?: string;
  /** Turns a server's English schema message into the user's language (a feature's message table). */
  translate?: Translate;
  /** Keep the fallback and add the server's reason after it: "Failed to create user: A user with ...". */
  withReason?: boolean;
};

/** The description an error toast shows for `error` (also for an inline alert next to it). */
export function errorDescription(error: unknown, options: ErrorToastOptions = {}): string | undefined {
  const { fallback, translate, withReason } = options;
  const reason = serverMessage(error, translate);
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
