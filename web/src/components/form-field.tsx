/**
 * A label, one control and its hint and error, wired together for assistive technology (label
 * for/id, aria-describedby, aria-invalid). `FormField` takes any control; `TextField`,
 * `NumberField`, `SelectField` and `TextareaField` are it with the app's usual control inside, so a
 * form writes one element per field. The control's props (react-hook-form's `register(...)`
 * included) go through to the control.
 */
import { cloneElement, type ComponentProps, type ReactElement, type ReactNode, useId } from "react";

type ControlProps = {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

type FieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Classes of the field's box beside "flex flex-col gap-1" (a grid span, a width). */
  className?: string;
  /** The error is announced as it appears (role="alert"): for a field checked on submit in a dialog. */
  announce?: boolean;
  /** The label for screen readers only (a toolbar's select that its place explains). */
  hideLabel?: boolean;
};

export function FormField({ label, error, hint, className, announce, hideLabel, children }: FieldProps & {
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // A control may say more of itself (a message shown elsewhere): kept beside the field's own.
  const own = children.props;
  const describedBy = [own["aria-describedby"], hint ? hintId : null, error ? errorId : null].filter(Boolean)
    .join(" ") || undefined;
  return (
    <div className={className ? `flex flex-col gap-1 ${className}` : "flex flex-col gap-1"}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium"}>{label}</label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : own["aria-invalid"],
        "aria-describedby": describedBy,
      })}
      {hint && <p id={hintId} className="text-xs text-base-content/60">{hint}</p>}
      {error && <p id={errorId} role={announce ? "alert" : undefined} className="text-sm text-error">{error}</p>}
    </div>
  );
}

/** A field around the control `render` draws from the props that are not the field's own. */
function withField<P extends object>(render: (control: P) => ReactElement<ControlProps>) {
  return ({ label, error, hint, className, announce, hideLabel, ...control }: FieldProps & P) => (
    <FormField label={label} error={error} hint={hint} className={className} announce={announce} hideLabel={hideLabel}>
      {render(control as unknown as P)}
    </FormField>
  );
}

/** A text input ("input w-full" unless `inputClassName` says otherwise). */
export const TextField = withField((
  { inputClassName = "input w-full", ...input }: ComponentProps<"input"> & { inputClassName?: string },
) => <input className={inputClassName} {...input} />);

/** A password; a new one unless `autoComplete` says otherwise ("current-password"). */
export const PasswordField = withField((
  { inputClassName = "input w-full", autoComplete = "new-password", ...input }: ComponentProps<"input"> & {
    inputClassName?: string;
  },
) => <input type="password" autoComplete={autoComplete} className={inputClassName} {...input} />);

/** A one-time code from an authenticator app: digits, left to right, filled in by the device if it can. */
export const CodeField = withField((
  { inputClassName = "input w-full tracking-widest", ...input }: ComponentProps<"input"> & { inputClassName?: string },
) => (
  <input
    name="code"
    type="text"
    inputMode="numeric"
    autoComplete="one-time-code"
    dir="ltr"
    className={inputClassName}
    {...input}
  />
));

/**
 * A number input. Whole numbers (step 1, the default) bring up the numeric keypad, fractions
 * (step 0.01) the decimal one.
 */
export const NumberField = withField((
  { inputClassName = "input w-full", step = 1, ...input }: ComponentProps<"input"> & { inputClassName?: string },
) => (
  <input
    type="number"
    step={step}
    inputMode={step === 1 ? "numeric" : "decimal"}
    className={inputClassName}
    {...input}
  />
));

/** A select; its options are the children. */
export const SelectField = withField((
  { selectClassName = "select w-full", ...select }: ComponentProps<"select"> & { selectClassName?: string },
) => <select className={selectClassName} {...select} />);

/** A textarea (three rows unless `rows` says otherwise). */
export const TextareaField = withField((
  { textareaClassName = "textarea w-full", rows = 3, ...textarea }: ComponentProps<"textarea"> & {
    textareaClassName?: string;
  },
) => <textarea className={textareaClassName} rows={rows} {...textarea} />);

/** A switch with its label beside it (the label wraps the control, so no id is needed). */
export function Toggle(
  { label, labelClassName = "text-sm font-medium", ...input }: ComponentProps<"input"> & {
    label: ReactNode;
    labelClassName?: string;
  },
) {
  return (
    <label className="flex cursor-pointer items-center gap-3">
      <input type="checkbox" className="toggle toggle-primary" {...input} />
      <span className={labelClassName}>{label}</span>
    </label>
  );
}
