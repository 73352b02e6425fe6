import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal-dialog.tsx";

const TONE = { primary: "btn-primary", warning: "btn-warning", error: "btn-error" } as const;

/** A yes/no question in its own dialog, open while mounted (stacked above the dialog it was asked from). */
export function ConfirmDialog(
  { title, children, confirmLabel, cancelLabel, tone = "warning", busy = false, onConfirm, onClose }: {
    title: string;
    children: ReactNode;
    confirmLabel: string;
    /** The button that answers no; Cancel unless given. */
    cancelLabel?: string;
    tone?: keyof typeof TONE;
    busy?: boolean;
    onConfirm: () => void;
    onClose: () => void;
  },
) {
  const { t } = useTranslation();
  return (
    <Modal
      size="sm"
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t("common.cancel")}
          </button>
          <button type="button" className={`btn ${TONE[tone]}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">{children}</div>
    </Modal>
  );
}
