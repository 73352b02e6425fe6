/**
 * The modal of the SPA: a daisyUI modal on the native <dialog>. showModal() gives the focus trap,
 * Escape and the top layer (a dialog opened from inside another one stacks above it). Clicking
 * outside closes it too.
 *
 * - <ModalDialog open={...}> stays mounted; its body renders only while open, so each opening starts
 *   from a fresh form.
 * - <Modal> is open while mounted: the parent mounts it to open it and unmounts it (from onClose) to
 *   close it. It has a Close button in its header.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "full";

const WIDTH: Record<ModalSize, string> = {
  sm: "sm:max-w-lg",
  md: "sm:max-w-2xl",
  lg: "sm:max-w-4xl",
  xl: "sm:max-w-5xl",
  /** Side-by-side work (the OCR review: a table beside the page it was read from). */
  full: "sm:max-w-7xl",
};

export type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons below the (scrolling) body. */
  footer?: ReactNode;
  size?: ModalSize;
};

export function ModalDialog({ open, title, onClose, children, footer, size = "sm", closeButton = false }: ModalProps & {
  open: boolean;
  /** A Close button next to the title. */
  closeButton?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Unmounted while open (a Modal closing, or the screen going away): leave the top layer.
  useEffect(() => {
    const dialog = ref.current;
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      // React passes a nested dialog's close event up to this one's handler too: react to our own only.
      onClose={(event) => event.target === event.currentTarget && onClose()}
    >
      {open && (
        <div className={`modal-box flex max-h-[90vh] flex-col gap-4 ${WIDTH[size]}`}>
          <div className="flex items-start justify-between gap-4">
            <h3 id={titleId} className="text-lg font-bold break-words">{title}</h3>
            {closeButton && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>{t("common.close")}</button>
            )}
          </div>
          {/* The padding keeps focus rings clear of the scrolling box's clipping edge. */}
          <ScrollingBody>{children}</ScrollingBody>
          {footer && <div className="modal-action mt-0 flex-wrap">{footer}</div>}
        </div>
      )}
      {/* Clicking outside closes; keyboard and screen reader users have Escape (and the Close button). */}
      <form method="dialog" className="modal-backdrop" aria-hidden="true">
        <button type="submit" tabIndex={-1}>{t("common.close")}</button>
      </form>
    </dialog>
  );
}

const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/**
 * The dialog's body. When it scrolls and holds nothing focusable (a details view of text only), it
 * takes the focus itself, so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
 */
function ScrollingBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = ref.current;
    if (!body || !content.current || typeof ResizeObserver === "undefined") return;
    const update = () => {
      const needsFocus = body.scrollHeight > body.clientHeight && !body.querySelector(FOCUSABLE);
      if (needsFocus) body.tabIndex = 0;
      else body.removeAttribute("tabindex");
    };
    // The box and its content: either growing past the other is what makes the body scroll.
    const observer = new ResizeObserver(update);
    observer.observe(body);
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
      <div ref={content}>{children}</div>
    </div>
  );
}

/** A modal that is open while mounted, with a Close button next to its title. */
export function Modal({ size = "md", ...props }: ModalProps) {
  return <ModalDialog open closeButton size={size} {...props} />;
}
