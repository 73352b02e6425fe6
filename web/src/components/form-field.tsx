import { cloneElement, type ReactElement, useId } from "react";

type ControlProps = {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/** A label, one control and its error message, wired together for assistive technology. */
export function FormField({ label, error, hint, children }: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && <p id={hintId} className="text-xs text-base-content/60">{hint}</p>}
      {error && <p id={errorId} className="text-sm text-error">{error}</p>}
    </div>
  );
}
