/** The "lowest" flag: an icon plus words for screen readers, so it is never carried by colour alone. */
export function LowestMark({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-success" title={label}>
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 22a10 10 0 100-20 10 10 0 000 20z M8 12l3 3 5-6" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
