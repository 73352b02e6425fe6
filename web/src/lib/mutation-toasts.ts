/**
 * The toasts of a feature's saving mutations: `mutationToasts(successTitle, errorTitle)` once, then
 * for each call its mutate() options: the success toast (then `after`, such as closing the dialog),
 * or the error toast with the server's reason after the fallback text (spec section 8,
 * web/src/lib/error-toast.ts).
 */
import { toastError } from "./error-toast.ts";
import { toast } from "./toast.tsx";

export function mutationToasts(successTitle: string, errorTitle: string) {
  return (description: string, fallback: string, after?: () => void) => ({
    onSuccess: () => {
      toast({ variant: "success", title: successTitle, description });
      after?.();
    },
    onError: (error: unknown) => toastError(error, errorTitle, { fallback, withReason: true }),
  });
}
