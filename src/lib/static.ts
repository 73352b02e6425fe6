/**
 * Serves the built SPA: hashed files under /assets/ cached for a year (as the brotli or gzip copy
 * the build wrote beside them when the browser accepts it: scripts/precompress.ts), everything else
 * revalidated, and index.html for any client route that is not a file.
 */
import type { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./deps.ts";

export function mountSpa(app: Hono<AppEnv>, webRoot: string) {
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root: webRoot, precompressed: true }),
  );
  // A hashed file that no longer exists (old tab after a deploy) is a 404, never index.html as JavaScript.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    await next();
    if (c.res.status === 200 && !c.res.headers.get("Cache-Control")) c.header("Cache-Control", "no-cache");
  }, serveStatic({ root: webRoot }));
  app.get("*", async (c) => {
    try {
      const html = await Deno.readTextFile(`${webRoot}/index.html`);
      c.header("Cache-Control", "no-cache");
      return c.html(html);
    } catch {
      return c.text("The web app is not built. Run: deno task build", 503);
    }
  });
}
