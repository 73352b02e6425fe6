/** Sign-in and password schemas, shared by the API and the SPA (same rules, same messages). */
import { z } from "zod";
import { safeString } from "./common.ts";

export const PASSWORD_MIN = 6;
export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

export const passwordSchema = safeString(PASSWORD_TOO_SHORT).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(
  200,
  "Password is too long",
);

export const loginSchema = z.object({
  email: safeString("Email is required").trim().min(1, "Email is required").max(254),
  password: safeString("Password is required").min(1, "Password is required").max(200),
});

export const adminLoginSchema = z.object({
  username: safeString("Username is required").trim().min(1, "Username is required").max(254),
  password: safeString("Password is required").min(1, "Password is required").max(200),
});

export const twoFactorLoginSchema = z.object({
  code: safeString("Code is required").trim().min(6, "Enter the 6-digit code or a recovery code").max(32),
});

/** The confirmation is optional on the wire (API clients may omit it) but checked whenever sent. */
export const changePasswordSchema = z.object({
  currentPassword: safeString("Current password is required").min(1, "Current password is required"),
  newPassword: passwordSchema,
  confirmPassword: safeString().optional(),
}).refine((v) => v.confirmPassword === undefined || v.newPassword === v.confirmPassword, {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ["confirmPassword"],
});

/** The SPA's form always has the confirmation field. */
export const changePasswordFormSchema = z.object({
  currentPassword: safeString().min(1, "Current password is required"),
  newPassword: passwordSchema,
  confirmPassword: safeString(),
}).refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

export const setPasswordSchema = z.object({
  token: safeString().min(20, "This link is invalid or has expired").max(200),
  password: passwordSchema,
});
