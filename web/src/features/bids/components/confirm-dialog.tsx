import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal.tsx";

/** A yes/no question in its own dialog, stacked above the one it was asked from. */
export function ConfirmDialog({ title, children, confirmLabel, danger = false, busy, onConfirm, onClose }: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("bids");
  return (
    <Modal
      size="sm"
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>{t("confirm.keep")}</button>
          <button
            type="button"
            className={`btn ${danger ? "btn-error" : "btn-warning"}`}
            onClick={onConfirm}
            disabled={busy}
          >
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
