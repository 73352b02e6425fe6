/** The language a user's emails are written in (their own setting; vendors choose it at registration). */
import { z } from "zod";
import { LANGUAGES } from "../i18n-languages.ts";

export const LANGUAGE_MESSAGE = "Language must be one of en, es, fr, de, dv";

export const userLanguageSchema = z.object({ language: z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }) });
export type UserLanguage = z.infer<typeof userLanguageSchema>;
