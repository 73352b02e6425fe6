/**
 * The state of a form spread over steps (tabs): the open step, Back and Next, and validation on
 * submit with the shared zod schema. A failed check opens the step holding the first failing field,
 * toasts its message and shows it as a banner that follows the values (it changes to the next rule
 * that fails and disappears once the form is valid); the issues inside item rows go to their rows.
 */
import { useState } from "react";
import type { z } from "zod";
import { toast } from "../../lib/toast.tsx";
import { type ItemErrors, itemErrorsOf } from "../item-fields.tsx";

export function useWizard<T extends string>(steps: readonly T[]) {
  const [step, setStep] = useState<T>(steps[0]);
  const index = steps.indexOf(step);
  const last = index === steps.length - 1;
  return {
    steps,
    step,
    setStep,
    index,
    last,
    back: () => index > 0 && setStep(steps[index - 1]),
    next: () => !last && setStep(steps[index + 1]),
  };
}

export type Wizard<T extends string> = ReturnType<typeof useWizard<T>>;

export function useStepValidation<V, T extends string>({ wizard, values, parse, stepOf, message, toastTitle }: {
  wizard: Wizard<T>;
  /** The form's current values (watch()), for the live banner. */
  values: V;
  parse: (values: V) => z.ZodSafeParseResult<unknown>;
  /** The step that holds a top-level field of the payload. */
  stepOf: (field: string) => T;
  /** The schema's English message in the interface language. */
  message: (text: string | undefined) => string | undefined;
  toastTitle: string;
}) {
  const [shown, setShown] = useState(false);
  const live = shown ? parse(values) : undefined;
  const issues = live && !live.success ? live.error.issues : [];
  return {
    /** The first failing rule's message after a failed submit, else undefined. */
    banner: issues[0] ? message(issues[0].message) ?? "" : undefined,
    /** Per item row and field, its first failing rule's message. */
    itemErrors: itemErrorsOf(issues, message) as ItemErrors,
    /**
     * True when `current` passes; otherwise opens the failing step, toasts and shows the banner.
     * `parseNow` stands in for `parse` when this attempt differs from what the render saw.
     */
    check(current: V, parseNow = parse): boolean {
      const parsed = parseNow(current);
      if (parsed.success) {
        setShown(false);
        return true;
      }
      const first = parsed.error.issues[0];
      setShown(true);
      wizard.setStep(stepOf(String(first?.path[0] ?? "")));
      toast({ variant: "error", title: toastTitle, description: message(first?.message) ?? "" });
      return false;
    },
  };
}
