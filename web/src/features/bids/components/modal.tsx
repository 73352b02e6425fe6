/**
 * A daisyUI modal on the native <dialog>: showModal() gives the focus trap, Escape and the top layer
 * (a dialog opened from inside another one stacks above it). The parent mounts it to open it and
 * unmounts it (from onClose) to close it.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

export function Modal({ title, onClose, children, footer, size = "md" }: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
}) {
  const { t } = useTranslation("bids");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const width = size === "lg" ? "sm:max-w-5xl" : size === "sm" ? "sm:max-w-lg" : "sm:max-w-2xl";
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      // React passes a nested dialog's close event up to this one's handler too: react to our own only.
      onClose={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className={`modal-box flex max-h-[90vh] flex-col gap-4 ${width}`}>
        <div className="flex items-start justify-between gap-4">
          <h3 id={titleId} className="text-lg font-bold break-words">{title}</h3>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t("common.close")}
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        {footer && <div className="modal-action mt-0 flex-wrap">{footer}</div>}
      </div>
      {/* Clicking outside closes; keyboard and screen reader users have Escape and the Close button. */}
      <form method="dialog" className="modal-backdrop" aria-hidden="true">
        <button type="submit" tabIndex={-1}>{t("common.close")}</button>
      </form>
    </dialog>
  );
}
