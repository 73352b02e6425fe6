/**
 * A decision on a record in its own dialog (approve, reject, amend…): a title, what is decided, an
 * optional or required reason, Cancel and a confirm button that waits while the decision is sent.
 * The form is the dialog's body, so Enter in a field and the footer's button submit the same way;
 * `failure` is the server's refusal, shown under the fields.
 */
import { type FormEvent, type ReactNode, useId } from "react";
import { DialogButtons, type DialogTone } from "./dialog-buttons.tsx";
import { Modal, type ModalSize } from "./modal-dialog.tsx";
import { TextareaField } from "./form-field.tsx";

export function DecisionDialog(
  { title, confirmLabel, cancelLabel, tone = "primary", size, pending, onSubmit, onClose, failure, children }: {
    title: ReactNode;
    confirmLabel: string;
    /** Cancel unless given. */
    cancelLabel?: string;
    size?: ModalSize;
    tone?: DialogTone;
    pending: boolean;
    onSubmit: () => void;
    onClose: () => void;
    failure?: string;
    children: ReactNode;
  },
) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Modal
      title={title}
      size={size}
      onClose={onClose}
      footer={
        <DialogButtons
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          tone={tone}
          busy={pending}
          onCancel={onClose}
          form={formId}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        {children}
        {failure && <div role="alert" className="alert alert-error alert-soft">{failure}</div>}
      </form>
    </Modal>
  );
}

/** The reason (or comment) of a decision, with its error under it when the reason is refused. */
export function ReasonField({ label, value, onChange, required = false, error, hint, rows = 3, maxLength = 2000 }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <TextareaField
      label={label}
      hint={hint}
      error={error}
      announce
      textareaClassName={`textarea w-full ${error ? "textarea-error" : ""}`}
      rows={rows}
      maxLength={maxLength}
      dir="auto"
      required={required}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
