import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A daisyUI modal on the native <dialog> (focus trap, Escape and the backdrop close it). The content
 * mounts only while open, so each opening starts with a fresh form.
 */
export function ModalDialog({ open, onClose, title, closeLabel, wide = false, children }: {
  open: boolean;
  wide?: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className={`modal-box ${wide ? "max-w-3xl" : ""}`}>
        <h3 id={titleId} className="text-lg font-bold">{title}</h3>
        {open && children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">{closeLabel}</button>
      </form>
    </dialog>
  );
}
