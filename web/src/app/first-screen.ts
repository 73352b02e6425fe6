/**
 * What the signed-in first screen (the dashboard's inbox) is made of, in one place: the router
 * asks for these together as soon as the session is known, and the build lists their chunks so the
 * server can name them in the page it sends a signed-in browser (docs/decisions/026-boot-in-the-page.md).
 */

/** Source modules, relative to web/src, whose chunks (and their static imports) the first screen needs. */
export const FIRST_SCREEN_MODULES = ["app/dashboard.tsx", "features/inbox/components/inbox-section.tsx"] as const;

/** Feature namespaces of text the first screen shows (the inbox's text is in "translation"). */
export const FIRST_SCREEN_NAMESPACES = [] as const;

/** Namespaces every page loads at start, signed in or out ("translation" is bundled for English only). */
export const START_NAMESPACES = ["translation", "errors"] as const;
