/** Line icons (the landing page's feature grid, the top bar's bell): inline SVG, no icon font, no emoji font needed. */
const PATHS = {
  shield: "M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z M9 12l2 2 4-4",
  users:
    "M16 19v-1a4 4 0 00-4-4H6a4 4 0 00-4 4v1 M9 10a3 3 0 100-6 3 3 0 000 6z M22 19v-1a4 4 0 00-3-3.9 M16 4.1a3 3 0 010 5.8",
  mail: "M4 5h16a1 1 0 011 1v12a1 1 0 01-1 1H4a1 1 0 01-1-1V6a1 1 0 011-1z M3 7l9 6 9-6",
  chart: "M4 20V10 M10 20V4 M16 20v-8 M22 20H2",
  bell: "M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9 M13.7 21a2 2 0 01-3.4 0",
} as const;

export type FeatureIconName = keyof typeof PATHS;

export function FeatureIcon(
  { name, className = "h-8 w-8 text-primary" }: { name: FeatureIconName; className?: string },
) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
