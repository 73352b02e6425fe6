/** The sidebar as the end-to-end tests read it: each section's English name, and the names shown. */
import type { Locator } from "playwright-core";
import type { DashboardSection } from "../../src/shared/permissions.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };

/** A section's name in English (the inbox's is with the inbox's own strings). */
export const sectionName = (section: DashboardSection): string =>
  section === "inbox" ? en.inbox.title : en.dashboard.sections[section];

/** The names of the sidebar's buttons, without their badges' counts. */
export async function shownSections(sidebar: Locator): Promise<string[]> {
  return (await sidebar.getByRole("button").locator("span:first-child").allTextContents()).map((t) => t.trim());
}
