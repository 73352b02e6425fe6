/**
 * Serves the built SPA: hashed files under /assets/ cached for a year (as the brotli or gzip copy
 * the build wrote beside them when the browser accepts it: scripts/precompress.ts), other files
 * revalidated, and the page (index.html with what this browser needs first: src/lib/spa-html.ts)
 * for any client route that is not a file.
 */
import type { Context, Hono } from "hono";
import { serveStatic } from "hono/deno";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./deps.ts";
import { resolveSession } from "../auth/session.ts";
import { currentUserJson } from "../auth/user-json.ts";
import { type FirstScreenManifest, LANGUAGE_COOKIE, languageOf, spaHtml } from "./spa-html.ts";

interface Built {
  template: string;
  manifest: FirstScreenManifest | undefined;
}

async function readBuilt(webRoot: string): Promise<Built> {
  const template = await Deno.readTextFile(`${webRoot}/index.html`);
  let manifest: FirstScreenManifest | undefined;
  try {
    manifest = JSON.parse(await Deno.readTextFile(`${webRoot}/first-screen.json`));
  } catch {
    // A build without the list (or a hand-made web root) still serves: the SPA then finds its chunks itself.
  }
  return { template, manifest };
}

export function mountSpa(app: Hono<AppEnv>, webRoot: string) {
  // Read once: the build does not change under a running server (a deploy starts a new one).
  let built: Promise<Built> | undefined;
  const page = async (c: Context<AppEnv>) => {
    try {
      built ??= readBuilt(webRoot);
      const { template, manifest } = await built;
      let user: unknown = null;
      try {
        await resolveSession(c);
        const u = c.get("user");
        if (u) user = currentUserJson(u);
      } catch {
        // The database is unavailable: the page goes out without the session and the SPA asks for it.
        return html(c, template);
      }
      return html(c, spaHtml(template, manifest, { user, lang: languageOf(getCookie(c, LANGUAGE_COOKIE)) }));
    } catch {
      built = undefined;
      return c.text("The web app is not built. Run: deno task build", 503);
    }
  };

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
  // The page itself is never served as a plain file: it carries this browser's session.
  app.get("/", page);
  app.get("/index.html", page);
  app.get("/first-screen.json", (c) => c.text("Not found", 404));
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    await next();
    if (c.res.status === 200 && !c.res.headers.get("Cache-Control")) c.header("Cache-Control", "no-cache");
  }, serveStatic({ root: webRoot }));
  app.get("*", page);
}

/** The page differs per session cookie: no shared cache may keep it, and every load revalidates. */
function html(c: Context<AppEnv>, body: string) {
  c.header("Cache-Control", "private, no-cache");
  c.header("Vary", "Cookie");
  return c.html(body);
}
