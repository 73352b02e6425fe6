/// <reference types="vite/client" />
/**
 * Interface language: bundled resources, kept in localStorage under `user-language`, English by
 * default and as fallback (then the key itself). Sets <html lang> and <html dir> on every change.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { isRtl, type Language, LANGUAGE_STORAGE_KEY, LANGUAGES } from "../../../src/shared/i18n-languages.ts";
// English is bundled (the default and the fallback); the other languages' common strings are
// fetched when chosen (the entry chunk evaluated all five at start).
import en from "../locales/en.json" with { type: "json" };

/** Each language is named in itself (endonyms are not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  dv: "ދިވެހި",
};

export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyDocumentLanguage(lang: string) {
  const root = document.documentElement;
  root.lang = lang;
  root.dir = isRtl(lang) ? "rtl" : "ltr";
  // The server reads it to send the page in this language's direction, with its text's chunks
  // named up front (src/lib/spa-html.ts); not a secret, and no use to another site.
  try {
    const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
    document.cookie = `lang=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    // No cookies here (component tests): the page is then sent in English and corrected at start.
  }
}

/**
 * Each feature keeps its own strings in web/src/features/<feature>/locales/<lang>.json, used as the
 * i18next namespace named after the feature (`useTranslation("users")`). They are loaded lazily
 * with the feature's chunk, so the sign-in route does not carry every screen's text.
 */
type LocaleLoaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
let featureLocales: LocaleLoaders = {};
try {
  featureLocales = {
    ...import.meta.glob<{ default: Record<string, unknown> }>(["../locales/*.json", "!../locales/en.json"]),
    ...import.meta.glob<{ default: Record<string, unknown> }>("../features/*/locales/*.json"),
  };
} catch {
  // Outside Vite (component tests under deno test) there is no glob: web/src/test/render.tsx hands
  // in loaders that read the same files.
}

/**
 * Component tests only: where feature namespaces (`../features/<ns>/locales/<lang>.json`) and the
 * other languages' common strings (`../locales/<lang>.json`) load from when Vite did not bundle them.
 */
export function setFeatureLocaleLoaders(loaders: LocaleLoaders) {
  featureLocales = loaders;
}

const featureBackend = {
  type: "backend" as const,
  init() {},
  read(lng: string, ns: string, callback: (err: Error | null, data: Record<string, unknown> | boolean) => void) {
    const load =
      featureLocales[ns === "translation" ? `../locales/${lng}.json` : `../features/${ns}/locales/${lng}.json`];
    if (!load) return callback(null, {});
    load().then((m) => callback(null, m.default), (e: Error) => callback(e, false));
  },
};

export const i18n = i18next.createInstance();

i18n.on("languageChanged", applyDocumentLanguage);

i18n.use(featureBackend).use(initReactI18next).init({
  partialBundledLanguages: true,
  // "errors" (the server's error codes, web/src/lib/error-toast.ts) is fetched at start and on every
  // language change, so an error toast never waits for it.
  ns: ["translation", "errors"],
  defaultNS: "translation",
  // Another language's common strings load through the backend: until they are in, a component
  // using them suspends (the first render is a transition, so the page appears in that language).
  resources: { en: { translation: en } },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  returnEmptyString: false,
  interpolation: { escapeValue: false }, // React escapes.
  // Feature namespaces suspend until loaded; sections already render inside <Suspense>.
  react: { useSuspense: true },
  initAsync: false,
});

export function setLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  void i18n.changeLanguage(lang);
}

// Kept in its own module so code that renders no page (and its tests) can use it without i18next.
export { isolate } from "./isolate.ts";
