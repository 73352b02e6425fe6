/**
 * What the server put in the page for this browser (src/lib/spa-html.ts): the signed-in user, or
 * null when signed out. Read once: after a sign-out or sign-in the session is asked for as usual.
 * `undefined` when the page carries none (the Vite dev server, component tests): then the SPA asks.
 */
import type { CurrentUser } from "../hooks/use-current-user.ts";

let taken = false;

export function takeBootSession(): CurrentUser | null | undefined {
  if (taken) return undefined;
  taken = true;
  const el = typeof document === "undefined" ? null : document.getElementById("boot");
  if (!el?.textContent) return undefined;
  try {
    const boot = JSON.parse(el.textContent) as { user?: CurrentUser | null };
    return boot.user === undefined ? undefined : boot.user;
  } catch {
    return undefined;
  }
}
