/** The interface languages, and the one list of right-to-left languages shared by API and SPA. */
export const LANGUAGES = ["en", "es", "fr", "de", "dv"] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ["dv"];
export const isRtl = (lang: string) => (RTL_LANGUAGES as readonly string[]).includes(lang);
export const LANGUAGE_STORAGE_KEY = "user-language";
export const THEME_STORAGE_KEY = "theme";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
