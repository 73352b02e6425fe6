/**
 * A button of a row or card whose visible text ("Edit") repeats down the list: screen readers hear
 * `name`, which says what it acts on ("Edit Furniture"). A small ghost button unless `className`
 * says otherwise; `busy` shows a spinner before the text.
 */
import type { ComponentProps, ReactNode } from "react";

export function ActionButton({ label, name, busy = false, className = "btn btn-sm btn-ghost", ...button }:
  & Omit<ComponentProps<"button">, "name">
  & { label: ReactNode; name: string; busy?: boolean }) {
  return (
    <button type="button" className={className} aria-label={name} {...button}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {label}
    </button>
  );
}
