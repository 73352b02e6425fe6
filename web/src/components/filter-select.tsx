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
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select
        className="select w-full"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </label>
  );
}
