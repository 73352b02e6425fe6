/**
 * Toasts: at most one at a time (a new one replaces the old), shown for 5000 ms (spec section 9).
 * `toast()` works outside React too (the query client's 401 handler uses it).
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

export type ToastVariant = "success" | "error" | "info";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
type ToastState = ToastInput & { id: number };

export const TOAST_DURATION_MS = 5000;

let current: ToastState | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast() {
  clearTimeout(timer);
  current = null;
  emit();
}

export function toast(input: ToastInput) {
  clearTimeout(timer);
  current = { variant: "info", ...input, id: nextId++ };
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ALERT_CLASS: Record<ToastVariant, string> = {
  success: "alert-success",
  error: "alert-error",
  info: "alert-info",
};

export function Toaster() {
  const { t } = useTranslation();
  const item = useSyncExternalStore(subscribe, () => current, () => null);
  const ref = useRef<HTMLDivElement>(null);
  // A modal <dialog> sits in the browser's top layer, above any z-index. Showing the toast as a
  // popover after the dialog opened puts it in the top layer too, above the dialog.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== "function") return;
    try {
      if (item) {
        if (el.matches(":popover-open")) el.hidePopover();
        el.showPopover();
      } else if (el.matches(":popover-open")) el.hidePopover();
    } catch {
      // Popover unsupported or element detached: the toast still shows with its z-index.
    }
  }, [item]);
  // The live region stays in the document so screen readers announce what appears in it.
  return (
    <div
      ref={ref}
      popover="manual"
      className="toast toast-end toast-bottom z-50 m-0 border-0 bg-transparent p-4 [inset:auto_0_0_auto] overflow-visible"
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {item && (
        <div key={item.id} className={`alert ${ALERT_CLASS[item.variant ?? "info"]} shadow-lg max-w-sm`}>
          <div className="flex flex-col items-start gap-1 whitespace-normal">
            <span className="font-semibold" dir="auto">{item.title}</span>
            {item.description && <span className="text-sm" dir="auto">{item.description}</span>}
          </div>
          <button type="button" className="btn btn-ghost btn-xs" onClick={dismissToast}>
            {t("common.dismiss")}
          </button>
        </div>
      )}
    </div>
  );
}
