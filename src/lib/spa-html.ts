/**
 * The SPA's page as sent to one browser (docs/decisions/026-boot-in-the-page.md): index.html with
 * - the signed-in user (or null) as a JSON data block, so the SPA draws the right screen without
 *   first asking `GET /api/auth/session` (a round trip before anything else could start);
 * - for a signed-in browser, `modulepreload` links to the first screen's chunks, and for every page
 *   the chunks of the text the chosen language loads at start (the build's first-screen.json), so
 *   they arrive with the entry instead of one after another;
 * - `<html lang dir>` of the language the browser chose (its `lang` cookie, written by the SPA), so a
 *   right-to-left page is laid out right-to-left from the first paint.
 * A data block is not executed: the Content-Security-Policy's script rules do not apply to it, and
 * the JSON is escaped so no value can close the element.
 */
import { isRtl, type Language, LANGUAGES } from "../shared/i18n-languages.ts";

export interface FirstScreenManifest {
  signedIn: string[];
  locales: Record<string, { start: string[]; signedIn: string[] }>;
}

export const BOOT_ELEMENT_ID = "boot";
export const LANGUAGE_COOKIE = "lang";

/** JSON that is safe inside a <script> element: no "<" (so no "</script>") and no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function languageOf(cookie: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(cookie ?? "") ? cookie as Language : "en";
}

export function spaHtml(
  template: string,
  manifest: FirstScreenManifest | undefined,
  { user, lang }: { user: unknown; lang: Language },
): string {
  const files = [
    ...(manifest?.locales[lang]?.start ?? []),
    ...(user && manifest ? [...manifest.signedIn, ...(manifest.locales[lang]?.signedIn ?? [])] : []),
  ];
  const head = [
    ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${encodeURI(f)}">`),
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson({ user: user ?? null })}</script>`,
  ].join("\n    ");
  return template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lang}" dir="${isRtl(lang) ? "rtl" : "ltr"}">`)
    .replace("</head>", `    ${head}\n  </head>`);
}
