/**
 * Audit action labels. Every action the server writes has a label in each language (checked by
 * audit-actions.test.ts); one the SPA does not know yet still reads as words, never as a raw code.
 */
import { useTranslation } from "react-i18next";
import en from "../locales/en.json" with { type: "json" };

/** The actions the SPA has labels for: offered in the filter even before one was recorded. */
export const KNOWN_AUDIT_ACTIONS = Object.keys(en.actions);

function humanise(action: string): string {
  const words = action.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function useActionLabel(): (action: string) => string {
  const { t } = useTranslation("audit-logs");
  return (action) => t(`actions.${action}`, { defaultValue: humanise(action) });
}
