/**
 * The shared zod schemas (src/shared/schemas) and the server speak English; the identity forms show
 * the same rules in the interface language. Unknown messages fall back to the English text.
 */
import { useTranslation } from "react-i18next";
import { PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from "../../../src/shared/schemas/auth.ts";

const KEYS: Record<string, string> = {
  "First name is required": "validation.firstNameRequired",
  "First name is too long": "validation.firstNameTooLong",
  "Last name is required": "validation.lastNameRequired",
  "Last name is too long": "validation.lastNameTooLong",
  "Valid email is required": "validation.emailInvalid",
  "Role is required": "validation.roleRequired",
  [PASSWORD_TOO_SHORT]: "validation.passwordTooShort",
  [PASSWORDS_DO_NOT_MATCH]: "validation.passwordsDoNotMatch",
  "Password is too long": "validation.passwordTooLong",
  "Password is required": "validation.passwordRequired",
  "Current password is required": "validation.currentPasswordRequired",
  "Current password is incorrect": "validation.currentPasswordIncorrect",
  "Password is incorrect": "validation.passwordIncorrect",
  "Choose a password different from the current one": "validation.passwordUnchanged",
  "Enter the 6-digit code from your app": "validation.codeFormat",
  "The code is not valid": "validation.codeInvalid",
};

export function useValidationText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (!message) return undefined;
    const key = KEYS[message];
    return key ? t(key) : message;
  };
}
