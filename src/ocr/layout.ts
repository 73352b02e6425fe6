/**
 * Words with their boxes, from a PDF's text layer or from OCR, grouped into text lines. Page
 * coordinates grow rightwards and downwards, in the source's own unit (PDF points or pixels).
 */

export interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0–1: 1 for a PDF text layer, the recogniser's confidence for OCR. */
  conf: number;
}

export interface PageWords {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  words: Word[];
}

export interface Line {
  words: Word[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const mid = (w: { y0: number; y1: number }) => (w.y0 + w.y1) / 2;

function bounds(words: Word[]): Omit<Line, "words"> {
  return {
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
}

/**
 * Lines of a page, top to bottom, each left to right: a word joins the line whose vertical
 * middle it overlaps (half its height), so a slightly raised "$" or a smaller font stays on its line.
 */
export function groupLines(words: Word[]): Line[] {
  const sorted = words.filter((w) => w.text.trim()).sort((a, b) => mid(a) - mid(b) || a.x0 - b.x0);
  const lines: { words: Word[]; center: number; height: number }[] = [];
  for (const w of sorted) {
    const h = Math.max(1, w.y1 - w.y0);
    let best: (typeof lines)[number] | undefined;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 4; i--) {
      const l = lines[i];
      if (Math.abs(l.center - mid(w)) <= Math.min(h, l.height) * 0.5) {
        best = l;
        break;
      }
    }
    if (best) {
      best.words.push(w);
      best.center = best.words.reduce((s, x) => s + mid(x), 0) / best.words.length;
    } else lines.push({ words: [w], center: mid(w), height: h });
  }
  return lines.map((l) => {
    const ws = l.words.sort((a, b) => a.x0 - b.x0);
    return { words: ws, ...bounds(ws) };
  });
}

/** Adjacent words closer than `gap` become one (a phrase in one column): "Unit" + "price". */
export function phrases(line: Line, gap: number): Word[] {
  const out: Word[] = [];
  for (const w of line.words) {
    const prev = out[out.length - 1];
    if (prev && w.x0 - prev.x1 <= gap) {
      out[out.length - 1] = {
        text: `${prev.text} ${w.text}`,
        x0: prev.x0,
        y0: Math.min(prev.y0, w.y0),
        x1: Math.max(prev.x1, w.x1),
        y1: Math.max(prev.y1, w.y1),
        conf: Math.min(prev.conf, w.conf),
      };
    } else out.push({ ...w });
  }
  return out;
}

/** The words of a line, one space between close words and two across a wide gap (another column). */
export function lineText(line: Line): string {
  const h = Math.max(1, Math.min(...line.words.map((w) => w.y1 - w.y0)));
  return line.words.map((w, i) => (i && w.x0 - line.words[i - 1].x1 > h * 1.2 ? "  " : i ? " " : "") + w.text).join("");
}

/** The typical height of a word on the page: the unit for gaps and distances. */
export function typicalHeight(lines: Line[]): number {
  const hs = lines.flatMap((l) => l.words.map((w) => w.y1 - w.y0)).filter((h) => h > 0).sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)] : 10;
}
