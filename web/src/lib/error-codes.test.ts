/**
 * The server's error codes (src/shared/error-codes.ts) are the contract with the SPA, which shows
 * their translation (web/src/features/errors/locales). Every code needs a real text in every
 * language, with exactly the English {{params}}; and no typed error may be thrown with an English
 * sentence instead of a code, or the user would read English again.
 */
import assert from "node:assert/strict";
import { ERROR_MESSAGES } from "../../../src/shared/error-codes.ts";
import { LANGUAGES } from "../../../src/shared/i18n-languages.ts";

type Tree = { [key: string]: string | Tree };

const localesDir = new URL("../features/errors/locales/", import.meta.url);

function lookup(tree: Tree, code: string): unknown {
  let node: unknown = tree;
  for (const part of code.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

function params(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
}

/** Codes whose text is only a message from elsewhere (a schema's, carried in params.message). */
const PASS_THROUGH = new Set(["generic.validation"]);

for (const lang of LANGUAGES) {
  Deno.test(`[errors] every error code has a ${lang} text with the same {{params}}`, async () => {
    const tree: Tree = JSON.parse(await Deno.readTextFile(new URL(`${lang}.json`, localesDir)));
    const problems: string[] = [];
    for (const [code, english] of Object.entries(ERROR_MESSAGES)) {
      const text = lookup(tree, code);
      if (typeof text !== "string" || !text.trim()) {
        problems.push(`${code}: no ${lang} text`);
        continue;
      }
      if (lang === "en" && text !== english) problems.push(`${code}: en.json differs from error-codes.ts`);
      if (lang !== "en" && text === english && !PASS_THROUGH.has(code)) problems.push(`${code}: not translated`);
      const [want, got] = [params(english), params(text)];
      if (want.join() !== got.join()) problems.push(`${code}: {{${got}}} instead of {{${want}}}`);
    }
    assert.deepEqual(problems, []);
  });
}

Deno.test("[errors] en.json holds only the codes of error-codes.ts (and the param values)", async () => {
  const tree: Tree = JSON.parse(await Deno.readTextFile(new URL("en.json", localesDir)));
  const stale: string[] = [];
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (path === "values") continue;
      if (typeof value === "string") {
        if (!Object.hasOwn(ERROR_MESSAGES, path)) stale.push(path);
      } else walk(value, path);
    }
  };
  walk(tree, "");
  assert.deepEqual(stale, []);
});

const TYPED = "BadRequest|Unauthorized|Forbidden|NotFound|Conflict|PayloadTooLarge|UnsupportedMediaType|" +
  "TooManyRequests";

/** `new Conflict("...")`, `new Conflict(\`...\`)`, also with the literal on the next line or in a ternary. */
const THROWN_LITERAL = new RegExp(
  String
    .raw`new (?:${TYPED})\(\s*(?:[^,()"'\`]*?\?\s*)?(["'\`])((?:(?!\1)[^\\]|\\.)*)\1(?:\s*:\s*(["'\`])((?:(?!\3)[^\\]|\\.)*)\3)?`,
  "g",
);

Deno.test("[errors] no typed error in src/ is thrown with an English message instead of a code", async () => {
  const offenders: string[] = [];
  const walk = async (dir: URL) => {
    for await (const entry of Deno.readDir(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) await walk(url);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const source = await Deno.readTextFile(url);
        for (const match of source.matchAll(THROWN_LITERAL)) {
          for (const literal of [match[2], match[4]]) {
            if (literal !== undefined && !Object.hasOwn(ERROR_MESSAGES, literal)) {
              const line = source.slice(0, match.index).split("\n").length;
              offenders.push(`${url.pathname.replace(/.*\/src\//, "src/")}:${line}: ${literal}`);
            }
          }
        }
      }
    }
  };
  await walk(new URL("../../../src/", import.meta.url));
  assert.deepEqual(offenders, []);
});
