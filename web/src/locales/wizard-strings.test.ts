/**
 * The request wizards' shared parts take their item and budget labels from the feature's own
 * strings (itemFieldLabels, reviewLabels): both features' bundles have every key they ask for.
 */
import assert from "node:assert/strict";
import { itemFieldLabels } from "../components/item-fields.tsx";
import { reviewLabels } from "../components/wizard/request-fields.tsx";

type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string) =>
  key.split(".").reduce<string | Tree | undefined>(
    (node, part) => (typeof node === "object" ? node[part] : undefined),
    tree,
  );

for (const feature of ["bids", "requests"]) {
  Deno.test(`[locales] the ${feature} wizard has every item and budget label its shared parts ask for`, async () => {
    for (const lang of ["en", "es", "fr", "de", "dv"]) {
      const bundle = JSON.parse(
        await Deno.readTextFile(new URL(`../features/${feature}/locales/${lang}.json`, import.meta.url)),
      ) as Tree;
      const asked: string[] = [];
      const tr = (key: string) => (asked.push(key), key);
      itemFieldLabels(tr);
      reviewLabels(tr, "caption");
      assert.ok(asked.length >= 6);
      const missing = asked.filter((key) => typeof lookup(bundle, key) !== "string");
      assert.deepEqual(missing, [], `${feature}/${lang}`);
    }
  });
}
