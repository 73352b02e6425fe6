/**
 * Wrap user-supplied text (a name, an email) interpolated into a translation in Unicode isolates,
 * so a Latin name inside Thaana text (or the reverse) keeps its own direction.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
