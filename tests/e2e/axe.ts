/**
 * axe-core checks for the end-to-end tests: serious and critical violations only, one line per
 * element. In two themes, every rule runs in the light theme and only the rules whose outcome
 * depends on colours run again in the dark one: a theme changes colours and nothing else, and axe
 * is most of the end-to-end pass's time, so the structural rules would only repeat themselves.
 */
import type { Result } from "axe-core";
import type { Page } from "playwright-core";
import { colorSchemeSettled, ROOT } from "./helpers.ts";

export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export type Theme = "light" | "dark";

// axe-core (the npm package). Injected once per document and run with axe.run() in
// the page: AxeBuilder injects its 560 KB source twice per check and, outside legacy mode, opens a
// blank page to merge per-frame results (this app has no frames); together ~1.5 s of every check.
const AXE_SOURCE = await Deno.readTextFile(`${ROOT}/node_modules/axe-core/axe.min.js`);

type AxeResults = { violations: Result[] };
type AxeWindow = { axe?: { run(context: unknown, options: unknown): Promise<AxeResults> } };

/** Serious and critical violations of the page (or of `include`), as "rule (impact) at target: why". */
export async function seriousViolations(page: Page, opts: { include?: string; rules?: string[] } = {}) {
  if (!await page.evaluate(() => "axe" in window)) await page.evaluate(AXE_SOURCE);
  const options = opts.rules ? { runOnly: { type: "rule", values: opts.rules } } : {};
  const { violations } = await page.evaluate(
    ({ include, options }) => (window as unknown as AxeWindow).axe!.run(include ?? document, options),
    { include: opts.include, options },
  );
  const found: string[] = [];
  for (const v of violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    for (const node of v.nodes) {
      const why = (node.any[0]?.message ?? node.failureSummary ?? "").split("\n")[0];
      found.push(`${v.id} (${v.impact}) at ${node.target.join(" ")}: ${why}`);
    }
  }
  return found;
}

/**
 * Runs fn with CSS transitions off in the page. The theme's colours fade in (daisyUI, Tailwind's
 * `transition` on cards): a check that runs during the fade reads a blend of the two themes' colours
 * and reports contrast that no user sees once the switch is over. Switched off, the colours are the
 * final ones at once; a constructed style sheet is CSSOM, which the app's CSP allows.
 */
async function withoutTransitions<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("*, *::before, *::after { transition: none !important; }");
    (globalThis as unknown as { noTransitions: CSSStyleSheet }).noTransitions = sheet;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  try {
    return await fn();
  } finally {
    await page.evaluate(() => {
      const sheet = (globalThis as unknown as { noTransitions: CSSStyleSheet }).noTransitions;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    });
  }
}

/**
 * The violations of a screen in the light and then the dark theme (the app follows
 * prefers-color-scheme while its theme is "system"), each line prefixed with the theme and screen;
 * `settle` waits for what the screen needs before a check (default: the scheme has settled);
 * `inTheme` runs in each theme once it has settled (a screenshot: no second switch of themes).
 */
export function violationsInThemes(
  page: Page,
  screen: string,
  opts: {
    include?: string;
    settle?: (page: Page, theme: Theme) => Promise<void>;
    inTheme?: (theme: Theme) => Promise<void>;
  } = {},
): Promise<string[]> {
  return withoutTransitions(page, async () => {
    const found: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await (opts.settle ?? colorSchemeSettled)(page, theme);
      const rules = theme === "dark" ? COLOUR_RULES : undefined;
      const lines = await seriousViolations(page, { include: opts.include, rules });
      found.push(...lines.map((v) => `${theme} ${screen}: ${v}`));
      await opts.inTheme?.(theme);
    }
    await page.emulateMedia({ colorScheme: "light" });
    return found;
  });
}
