/**
 * A daisyUI modal on the native <dialog>: the browser traps focus, closes on Escape and returns
 * focus to the opener. The body only renders while open, so each opening starts from a fresh form.
 * Shared by the identity screens (users, profile, settings, audit logs).
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

export function ModalDialog({ open, title, onClose, children, wide = false }: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
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
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <div className={`modal-box ${wide ? "sm:max-w-5xl" : "sm:max-w-lg"}`}>
          <h3 id={titleId} className="mb-4 text-lg font-bold">{title}</h3>
          {children}
        </div>
      )}
      <form method="dialog" className="modal-backdrop">
        <button type="submit">{t("common.dismiss")}</button>
      </form>
    </dialog>
  );
}
