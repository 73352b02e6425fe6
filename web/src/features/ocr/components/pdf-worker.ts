/**
 * pdf.js's worker as a module worker Vite bundles itself (a `new Worker(new URL(...))` target), so the
 * same source type-checks in Deno and builds to a hashed asset under the app's own origin (CSP 'self').
 */
import "pdfjs-dist/build/pdf.worker.min.mjs";
