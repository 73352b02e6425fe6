/**
 * A form's validation banner that follows the values. It appears after a failed submit, then is
 * recomputed on every edit: it changes to the next rule that fails, and disappears once the form is
 * valid, instead of staying on screen after the user fixed the field.
 */
import { useState } from "react";

export function useLiveIssue<T>(values: T, check: (values: T) => string | undefined) {
  const [shown, setShown] = useState(false);
  return {
    /** The first failing rule's message while the banner is shown, else undefined. */
    message: shown ? check(values) : undefined,
    show: () => setShown(true),
    hide: () => setShown(false),
  };
}
