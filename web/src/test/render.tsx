/**
 * Render a component as the app does (i18next with every feature's strings, React Query,
 * Suspense), for component tests under `deno test`. Import "./dom.ts" before this module.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult, screen } from "@testing-library/react";
import { type ReactElement, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import type { Language } from "../../../src/shared/i18n-languages.ts";
import { i18n, setFeatureLocaleLoaders } from "../lib/i18n.ts";

const FEATURES = new URL("../features/", import.meta.url);

/** The same files Vite's glob bundles, read from disk. */
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {};
const namespaces: string[] = [];
for (const feature of Deno.readDirSync(FEATURES)) {
  const dir = new URL(`${feature.name}/locales/`, FEATURES);
  namespaces.push(feature.name);
  try {
    for (const file of Deno.readDirSync(dir)) {
      loaders[`../features/${feature.name}/locales/${file.name}`] = async () => ({
        default: JSON.parse(await Deno.readTextFile(new URL(file.name, dir))),
      });
    }
  } catch {
    // a feature without strings
  }
}
// The other languages' common strings, which the app fetches when one is chosen.
const COMMON = new URL("../locales/", import.meta.url);
for (const file of Deno.readDirSync(COMMON)) {
  if (!file.name.endsWith(".json") || file.name === "en.json") continue;
  loaders[`../locales/${file.name}`] = async () => ({
    default: JSON.parse(await Deno.readTextFile(new URL(file.name, COMMON))),
  });
}
setFeatureLocaleLoaders(loaders);

/** Render `ui` in `language` and wait until its translations are in (Suspense resolved). */
export async function renderInApp(ui: ReactElement, language: Language = "en"): Promise<RenderResult> {
  await i18n.changeLanguage(language);
  // Every feature's strings in before rendering: nothing suspends, so no update happens outside act.
  await i18n.loadNamespaces(namespaces);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>loading-translations</p>}>{ui}</Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  if (screen.queryByText("loading-translations")) throw new Error("a namespace was not preloaded");
  return result;
}
