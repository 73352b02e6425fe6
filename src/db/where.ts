/**
 * Builds a WHERE clause from the filters actually given, still fully parameterised. Writing
 * `($1 is null or col = $1)` instead would let PostgreSQL cache one generic plan for every
 * combination of filters, which at 100,000 rows means a full scan and sort for a page of 50.
 */
export interface Where {
  sql: string;
  params: unknown[];
  /** The next free parameter number ($n) after these. */
  next: number;
}

/** `conditions` pairs a SQL fragment using `?` for its one value with that value; undefined/null skips it. */
export function where(conditions: [string, unknown][], first = 1): Where {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [fragment, value] of conditions) {
    if (value === undefined || value === null || value === "") continue;
    params.push(value);
    parts.push(fragment.replaceAll("?", `$${first + params.length - 1}`));
  }
  return { sql: parts.length ? `where ${parts.join(" and ")}` : "", params, next: first + params.length };
}
