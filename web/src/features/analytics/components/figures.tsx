/**
 * A row of headline figures (label over value), as on the vendor scorecard. Columns follow the
 * width of the place it sits in (a container query), so it fits a dialog as well as a page.
 */
export function Figures(
  { items, testId }: { items: { key: string; label: string; value: string }[]; testId?: string },
) {
  return (
    <div className="@container">
      <dl className="grid grid-cols-1 gap-3 @xs:grid-cols-2 @3xl:grid-cols-4" data-testid={testId}>
        {items.map((item) => (
          <div
            key={item.key}
            className="min-w-0 rounded-box bg-base-200 p-4"
            data-testid={testId ? `${testId}-${item.key}` : undefined}
          >
            <dt className="text-sm text-base-content/70">{item.label}</dt>
            <dd className="text-xl font-semibold break-words">
              <bdi>{item.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
