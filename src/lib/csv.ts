/** CSV cells per RFC 4180, with formula-injection guard for spreadsheet users. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = value instanceof Date
    ? value.toISOString()
    : typeof value === "object"
    ? JSON.stringify(value)
    : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: unknown[]) => cells.map(csvCell).join(",") + "\r\n";
