import assert from "node:assert/strict";
import { spaHtml } from "./spa-html.ts";

const template = `<!doctype html><html lang="en" dir="ltr"><head><title>t</title></head><body></body></html>`;

Deno.test("the page's data block cannot be closed or broken by a value in it", () => {
  const user = { firstName: "</script><script>alert(1)</script>", lastName: "a\u2028b & <!--", email: "x@example.com" };
  const html = spaHtml(template, undefined, { user, lang: "en" });
  const block = html.match(/<script type="application\/json" id="boot">([\s\S]*?)<\/script>/)!;
  assert.ok(!block[1].includes("<"), "no < inside the element");
  assert.ok(!block[1].includes("\u2028"));
  assert.deepEqual(JSON.parse(block[1]), { user });
  assert.equal(html.match(/<script/g)!.length, 1, "one script element: the data block");
});

Deno.test("the page sets the language's direction, and leaves the template alone without a build list", () => {
  const html = spaHtml(template, undefined, { user: null, lang: "dv" });
  assert.match(html, /^<!doctype html><html lang="dv" dir="rtl"><head><title>t<\/title>/);
  assert.doesNotMatch(html, /modulepreload/);
});
