/** A row of headline figures (label over value), as on the vendor scorecard. */
export function Figures(
  { items, testId }: { items: { key: string; label: string; value: string }[]; testId?: string },
) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid={testId}>
      {items.map((item) => (
        <div
          key={item.key}
          className="rounded-box bg-base-200 p-4"
          data-testid={testId ? `${testId}-${item.key}` : undefined}
        >
          <dt className="text-sm text-base-content/70">{item.label}</dt>
          <dd className="text-xl font-semibold">
            <bdi>{item.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
