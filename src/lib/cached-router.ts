/**
 * Hono's router with a small cache of its answers. The app's routes make Hono's SmartRouter fall
 * back from the RegExpRouter to the TrieRouter (a param route such as `/api/vendor/:id/categories`
 * beside static ones), which walks the path segment by segment on every request. The answer for a
 * method and path never changes once the routes are added, so it is kept: a Map lookup instead of
 * the walk. Bounded (cleared when full) so that many distinct paths (ids, probes) cannot grow it.
 */
import type { Result, Router } from "hono/router";
import { SmartRouter } from "hono/router/smart-router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";

export class CachedRouter<T> implements Router<T> {
  readonly name = "CachedRouter";
  #router: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
  #cache = new Map<string, Result<T>>();
  constructor(readonly maxEntries = 2000) {}

  add(method: string, path: string, handler: T) {
    this.#cache.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = method + " " + path;
    let result = this.#cache.get(key);
    if (result === undefined) {
      result = this.#router.match(method, path);
      if (this.#cache.size >= this.maxEntries) this.#cache.clear();
      this.#cache.set(key, result);
    }
    return result;
  }
}
