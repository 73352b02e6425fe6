/**
 * The text layer as the table reader needs it: a word a PDF producer drew in pieces that touch (a
 * ligature on its own, as Chromium prints "fi") is one word again; words a space apart stay apart.
 */
import assert from "node:assert/strict";
import { joinTouching } from "./pdf-text.ts";

const at = (text: string, x0: number, x1: number, baseline = 410) => ({
  text,
  x0,
  x1,
  y0: baseline - 8.8,
  y1: baseline + 2.2,
  conf: 1,
});

Deno.test("[ocr/pdf] pieces of a word drawn touching are joined; pieces a space apart, or on another line, are not", () => {
  // As pdf.js reads Chromium's print of "Lever arch file A4" in an 11-point serif.
  const words = joinTouching([
    at("Lever arch", 48, 108.31),
    at("fi", 112, 119.33),
    at("le A4", 119.33, 147.78),
    at("1", 150.5, 156, 430),
  ]);
  assert.deepEqual(words.map((w) => [w.text, w.x0, w.x1]), [
    ["Lever arch", 48, 108.31],
    ["file A4", 112, 147.78],
    ["1", 150.5, 156],
  ]);
});
