/**
 * axe-core checks for the end-to-end tests: serious and critical violations only, one line per
 * element. In two themes, every rule runs in the light theme and only the rules whose outcome
 * depends on colours run again in the dark one: a theme changes colours and nothing else, and axe
 * is most of the end-to-end pass's time, so the structural rules would only repeat themselves.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { colorSchemeSettled } from "./helpers.ts";

export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export type Theme = "light" | "dark";

/** Serious and critical violations of the page (or of `include`), as "rule (impact) at target: why". */
export async function seriousViolations(page: Page, opts: { include?: string; rules?: string[] } = {}) {
  let builder = new AxeBuilder({ page });
  if (opts.rules) builder = builder.withRules(opts.rules);
  if (opts.include) builder = builder.include(opts.include);
  const { violations } = await builder.analyze();
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
 * The violations of a screen in the light and then the dark theme (the app follows
 * prefers-color-scheme while its theme is "system"), each line prefixed with the theme and screen;
 * `settle` waits for what the screen needs before a check (default: the scheme has settled).
 */
export async function violationsInThemes(
  page: Page,
  screen: string,
  opts: { include?: string; settle?: (page: Page, theme: Theme) => Promise<void> } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await (opts.settle ?? colorSchemeSettled)(page, theme);
    const rules = theme === "dark" ? COLOUR_RULES : undefined;
    found.push(
      ...(await seriousViolations(page, { include: opts.include, rules })).map((v) => `${theme} ${screen}: ${v}`),
    );
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
