/**
 * A browser DOM for React component tests under `deno test` (happy-dom), registered once per test
 * module before React or Testing Library load. Import it first: `import "../../test/dom.ts";`.
 * Deno's own fetch, timers, URL and streams are kept: the DOM globals are added, not swapped.
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";

if (!("happyDOM" in globalThis)) {
  const keep = { fetch, Request, Response, Headers, URL, URLSearchParams, AbortController, AbortSignal };
  const denoEvent = Event;
  const denoDispatch = globalThis.dispatchEvent.bind(globalThis);
  GlobalRegistrator.register({ url: "http://localhost:8000/", width: 1280, height: 800 });
  Object.assign(globalThis, keep);
  // Deno dispatches its own load/unload events on globalThis: route those to Deno's dispatcher.
  const domDispatch = globalThis.dispatchEvent.bind(globalThis);
  globalThis.dispatchEvent = (event: Event) =>
    event instanceof denoEvent && !(event instanceof Event) ? denoDispatch(event) : domDispatch(event);
  // React's act() warnings are opt-in outside a test framework it knows.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
}
