import { SelectField } from "./form-field.tsx";

/**
 * A labelled select for a list filter. Its first option ("All ...") means no filter: onChange gets
 * undefined for it, else the chosen option's value as a string.
 */
export function FilterSelect({ label, allLabel, value, options, onChange }: {
  label: string;
  allLabel: string;
  value: string | number | undefined;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <SelectField label={label} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">{allLabel}</option>
      {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
    </SelectField>
  );
}
