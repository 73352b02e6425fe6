/**
 * A JavaScript array parameter as PostgreSQL's array text ('{1,2}', '{"a","b"}', '{}'). postgres.js
 * turns an array into that text only once its connection has learnt the array types (it asks the
 * server when the connection opens); a statement sent on a new connection before that answer is
 * back goes out with '' + [] = '', "malformed array literal", seen as a 400 on a busy machine. Written
 * here, an array parameter no longer depends on that timing. Arrays of anything but strings,
 * numbers, booleans, dates and nulls are left to the driver.
 */
export function arrayLiteral(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const parts: string[] = [];
  for (const x of value) {
    if (x === null || x === undefined) parts.push("NULL");
    else if (typeof x === "number" || typeof x === "bigint") parts.push(String(x));
    else if (typeof x === "boolean") parts.push(x ? "t" : "f");
    else if (typeof x === "string") parts.push(`"${x.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
    else if (x instanceof Date) parts.push(`"${x.toISOString()}"`);
    else return value;
  }
  return `{${parts.join(",")}}`;
}
