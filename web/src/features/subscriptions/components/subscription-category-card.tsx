import type { Category } from "../../../hooks/use-categories.ts";

/** One category as a card; the whole card is the checkbox's label. */
export function SubscriptionCategoryCard({ category, checked, disabled, onChange }: {
  category: Category;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      className={`flex h-full cursor-pointer items-start gap-3 rounded-box border p-4 transition-colors ${
        checked ? "border-primary bg-primary/5" : "border-base-300"
      }`}
    >
      <input
        type="checkbox"
        className="checkbox checkbox-primary checkbox-sm mt-0.5"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="min-w-0" dir="auto">
        <span className="block font-medium break-words" dir="auto">{category.name}</span>
        {category.description && (
          <span className="block text-sm text-base-content/70 break-words" dir="auto">{category.description}</span>
        )}
      </span>
    </label>
  );
}
