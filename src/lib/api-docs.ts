/**
 * The API reference page at /api/docs: Scalar's API reference (npm `@scalar/api-reference`, its
 * standalone browser bundle) reading /api/openapi.json. Everything comes from this server: the
 * bundle from node_modules, the start script below, no CDN, no fonts or proxy from scalar.com
 * (docs/decisions/013-api-reference-page.md). The page gets the HTML documents' CSP of
 * src/lib/security.ts unchanged: scripts from 'self' only (hence the start script is a file, not
 * inline), inline styles (the bundle injects its CSS), connections to 'self' only.
 */

const BUNDLE = new URL("../../node_modules/@scalar/api-reference/dist/browser/standalone.js", import.meta.url);

let bundle: Promise<Uint8Array> | undefined;
/** The standalone bundle (3.5 MB), read once on first use. */
export function scalarBundle(): Promise<Uint8Array> {
  bundle ??= Deno.readFile(BUNDLE).catch((e) => {
    bundle = undefined;
    throw e;
  });
  return bundle;
}

/**
 * Starts the reference on the page's #app with the document's URL: telemetry off, Scalar's web
 * fonts off (the system fonts instead), no request proxy.
 */
export const START_SCRIPT = `"use strict";
Scalar.createApiReference("#app", {
  url: "/api/openapi.json",
  telemetry: false,
  withDefaultFonts: false,
  hideClientButton: true,
  // No "Ask AI" (it calls Scalar's servers) and no Configure/Share/Deploy toolbar (Scalar's hosted
  // services): this page is a reference for the API on this server only.
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideDarkModeToggle: false,
  defaultOpenAllTags: false,
  metaData: { title: "Procurement API reference" },
});
`;

export function docsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[&<>"']/g, "")}</title>
</head>
<body>
<noscript>The reference needs JavaScript. The document itself: <a href="/api/openapi.json">/api/openapi.json</a></noscript>
<div id="app"></div>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;
}
