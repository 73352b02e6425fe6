/**
 * Text for the standard PDF fonts (Helvetica), which speak WinAnsi only: typographic punctuation and
 * spaces become their ASCII look-alikes, direction marks vanish, anything else outside Latin-1
 * becomes '?', never an error. Thaana is set in an embedded font instead (fonts.ts).
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
  "\u202f": " ",
  "\u2009": " ",
  "\u200e": "",
  "\u200f": "",
};

/** Text Helvetica can show (printable ASCII and Latin-1, line breaks and tabs as spaces); any other character becomes '?'. */
export function latinSafe(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0)!;
    if (ch in REPLACEMENTS) out += REPLACEMENTS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) out += ch;
    else out += "?";
  }
  return out;
}

/** ASCII file name for Content-Disposition. */
export function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 100) || "document";
}
