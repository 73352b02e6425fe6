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
};

export function FormField({ label, error, hint, className, children }: FieldProps & {
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `flex flex-col gap-1 ${className}` : "flex flex-col gap-1"}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && <p id={hintId} className="text-xs text-base-content/60">{hint}</p>}
      {error && <p id={errorId} className="text-sm text-error">{error}</p>}
    </div>
  );
}

/** Splits the field's own props from the control's. */
function split<T extends FieldProps>({ label, error, hint, className, ...control }: T) {
  return [{ label, error, hint, className }, control] as const;
}

/** A text input ("input w-full" unless `inputClassName` says otherwise). */
export function TextField(props: FieldProps & ComponentProps<"input"> & { inputClassName?: string }) {
  const [field, { inputClassName = "input w-full", ...input }] = split(props);
  return (
    <FormField {...field}>
      <input className={inputClassName} {...input} />
    </FormField>
  );
}

/**
 * A number input. Whole numbers (step 1, the default) bring up the numeric keypad, fractions
 * (step 0.01) the decimal one.
 */
export function NumberField(props: FieldProps & ComponentProps<"input"> & { inputClassName?: string }) {
  const [field, { inputClassName = "input w-full", step = 1, ...input }] = split(props);
  return (
    <FormField {...field}>
      <input
        type="number"
        step={step}
        inputMode={step === 1 ? "numeric" : "decimal"}
        className={inputClassName}
        {...input}
      />
    </FormField>
  );
}

/** A select; its options are the children. */
export function SelectField(props: FieldProps & ComponentProps<"select"> & { selectClassName?: string }) {
  const [field, { selectClassName = "select w-full", ...select }] = split(props);
  return (
    <FormField {...field}>
      <select className={selectClassName} {...select} />
    </FormField>
  );
}

/** A textarea (three rows unless `rows` says otherwise). */
export function TextareaField(props: FieldProps & ComponentProps<"textarea"> & { textareaClassName?: string }) {
  const [field, { textareaClassName = "textarea w-full", rows = 3, ...textarea }] = split(props);
  return (
    <FormField {...field}>
      <textarea className={textareaClassName} rows={rows} {...textarea} />
    </FormField>
  );
}

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

/** The options of a category select: `none` first when given (its value is ""), then each category. */
export function CategoryOptions({ categories, none }: {
  categories: readonly { id: number; name: string }[] | undefined;
  none?: string;
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {categories?.map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
    </>
  );
}
