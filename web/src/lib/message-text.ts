/**
 * The shared schemas' messages (spec section 5) arrive in English, from zod here or from the server
 * (as `generic.validation`; the server's other errors are translated by code, web/src/lib/error-toast.ts).
 * A feature shows them in the user's language from its own `messages.<key>` strings; a message the
 * table does not know, or a key the feature has no string for, is shown as written (never the raw key).
 */
import { useTranslation } from "react-i18next";

/** English text to message key, for a schema's `{ key: "English text" }` table. */
export function messageKeys(messages: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(messages).map(([key, text]) => [text, key]));
}

/** `namespace` is the feature's; `keys` comes from messageKeys (built once, at module level). */
export function useMessageText(namespace: string, keys: Map<string, string>) {
  const { t } = useTranslation(namespace);
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = keys.get(message);
    return key ? t(`messages.${key}`, { defaultValue: message }) : message;
  };
}
