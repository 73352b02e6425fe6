/**
 * Text for PDFs drawn with pdf-lib's standard fonts, which speak WinAnsi only: typographic
 * punctuation becomes its ASCII look-alike, anything else outside Latin-1 becomes '?', never an
 * error. Used by the quotation PDF and the purchase request report (documents in other scripts
 * embed a font instead: src/features/purchase-orders/document.ts).
 */
const REPLACEMENTS: Record<string, string> = {
  "\u2013": "-",
  "\u2014": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2022": "*",
  "\u2026": "...",
  "\u00a0": " ",
};

/** Text the standard fonts can show: printable ASCII and Latin-1; anything else becomes '?'. */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0)!;
    if (REPLACEMENTS[ch]) out += REPLACEMENTS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) out += ch;
    else out += "?";
  }
  return out;
}

/** ASCII file name for Content-Disposition. */
export function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 100) || "document";
}
