/**
 * The footer of a dialog that sends something: Cancel, then the confirm button in its tone, with a
 * spinner while `busy`; both wait while busy. With `form` the confirm button submits that form (so
 * Enter in a field and the button send the same way), else it calls `onConfirm`.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const TONE = { primary: "btn-primary", success: "btn-success", warning: "btn-warning", error: "btn-error" } as const;
export type DialogTone = keyof typeof TONE;

export function DialogButtons({ confirmLabel, cancelLabel, tone = "primary", busy, onCancel, form, onConfirm }: {
  confirmLabel: ReactNode;
  /** Cancel unless given. */
  cancelLabel?: string;
  tone?: DialogTone;
  busy: boolean;
  onCancel: () => void;
  /** The id of the form the confirm button submits. */
  form?: string;
  onConfirm?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t("common.cancel")}
      </button>
      <button
        type={form ? "submit" : "button"}
        form={form}
        className={`btn ${TONE[tone]}`}
        onClick={onConfirm}
        disabled={busy}
      >
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {confirmLabel}
      </button>
    </>
  );
}
