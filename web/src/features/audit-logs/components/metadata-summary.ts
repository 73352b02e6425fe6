/**
 * A one-line reading of an entry's metadata: changed fields as "field: before → after", other
 * keys as "key: value". The server already removed secrets; long values are cut short.
 */
const MAX_VALUE = 60;

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "∅";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return !!value && typeof value === "object" && "from" in value && "to" in value;
}

export function summarizeMetadata(metadata: Record<string, unknown> | null | undefined): string {
  if (!metadata || typeof metadata !== "object") return "";
  const parts: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (key === "changes" && value && typeof value === "object") {
      for (const [field, change] of Object.entries(value)) {
        parts.push(
          isChange(change) ? `${field}: ${show(change.from)} → ${show(change.to)}` : `${field}: ${show(change)}`,
        );
      }
    } else {
      parts.push(`${key}: ${show(value)}`);
    }
  }
  return parts.join("; ");
}
