/**
 * A form's Cancel and submit buttons. While the form is being sent the submit button waits
 * (disabled) and says `pendingLabel`; `tone` is its daisyUI colour (and any width). Cancel shows
 * only with `onCancel`. In a dialog the buttons sit in its "modal-action" row, Cancel first; on a
 * page (`inline`) they are a row of their own, the submit button first.
 */
import { useTranslation } from "react-i18next";

export function FormActions(
  { label, pendingLabel, pending = false, disabled = false, onCancel, tone = "btn-primary", inline = false }: {
    label: string;
    pendingLabel?: string;
    pending?: boolean;
    /** Not ready to send (a field still empty). */
    disabled?: boolean;
    onCancel?: () => void;
    tone?: string;
    inline?: boolean;
  },
) {
  const { t } = useTranslation();
  const cancel = onCancel && (
    <button type="button" className="btn btn-ghost" onClick={onCancel}>{t("common.cancel")}</button>
  );
  const submit = (
    <button type="submit" className={`btn ${tone}`} disabled={pending || disabled}>
      {pending && pendingLabel !== undefined ? pendingLabel : label}
    </button>
  );
  return inline
    ? <div className="flex flex-wrap gap-2">{submit}{cancel}</div>
    : <div className="modal-action">{cancel}{submit}</div>;
}
