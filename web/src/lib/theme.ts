/**
 * Theme: light, dark or system, kept in localStorage under `theme`. <html data-theme> gets the
 * daisyUI theme; "system" follows prefers-color-scheme live.
 */
import { useSyncExternalStore } from "react";
import { type Theme, THEME_STORAGE_KEY, THEMES } from "../../../src/shared/i18n-languages.ts";

export type ResolvedTheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();
let theme: Theme = "system";
let media: MediaQueryList | undefined;

function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

function systemTheme(): ResolvedTheme {
  return media?.matches ? "dark" : "light";
}

export function resolveTheme(value: Theme): ResolvedTheme {
  return value === "system" ? systemTheme() : value;
}

function apply() {
  document.documentElement.dataset.theme = resolveTheme(theme);
  for (const listener of listeners) listener();
}

/** Call once before the first render so the page never paints in the wrong theme. */
export function initTheme() {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    theme = isTheme(stored) ? stored : "system";
  } catch {
    theme = "system";
  }
  media = globalThis.matchMedia?.(DARK_QUERY);
  media?.addEventListener("change", () => {
    if (theme === "system") apply();
  });
  apply();
}

export function setTheme(next: Theme) {
  theme = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  apply();
}

export function getTheme(): Theme {
  return theme;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
