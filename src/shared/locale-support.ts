/**
 * What the platform's Intl knows, shared by the SPA's formatting (web/src/lib/format.ts) and the
 * emails (src/shared/email-render.ts): Chromium and Deno have no Dhivehi data, so dates in dv are
 * written with these Thaana month names instead of silently falling back to English.
 */

/** Gregorian month names in Thaana, as written in the Maldives. */
export const DV_MONTHS = [
  "ޖަނަވަރީ",
  "ފެބްރުއަރީ",
  "މާރިޗު",
  "އޭޕްރީލު",
  "މޭ",
  "ޖޫން",
  "ޖުލައި",
  "އޯގަސްޓު",
  "ސެޕްޓެމްބަރު",
  "އޮކްޓޯބަރު",
  "ނޮވެމްބަރު",
  "ޑިސެމްބަރު",
] as const;

const supported = new Map<string, boolean>();
/** Whether Intl really has data for the language (not a silent fallback to another locale). */
export function intlSupports(lang: string): boolean {
  let ok = supported.get(lang);
  if (ok === undefined) {
    try {
      const base = new Intl.Locale(lang).language;
      ok = Intl.DateTimeFormat.supportedLocalesOf([lang]).length > 0 &&
        new Intl.DateTimeFormat(lang).resolvedOptions().locale.split("-")[0] === base;
    } catch {
      ok = false;
    }
    supported.set(lang, ok);
  }
  return ok;
}
