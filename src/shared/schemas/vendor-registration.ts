/**
 * Vendor self-registration (spec sections 2 and 5), shared by the API and the SPA so both check the
 * same rules with the same messages in the same order. The request is multipart/form-data:
 * these text fields, `categoryIds` repeated once per category, and the file in `businessLicense`.
 */
import { z } from "zod";
import { idSchema, safeString } from "./common.ts";
import { LANGUAGES } from "../i18n-languages.ts";

export const VENDOR_REGISTRATION_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Valid email is required",
  companyName: "Company name is required",
  contactPerson: "Contact person is required",
  phone: "Phone number is required",
  categoryIds: "At least one category must be selected",
} as const;

/** The language of the vendor's emails (editable later in its profile); English when not given. */
export const VENDOR_LANGUAGE_MESSAGE = "Language must be one of en, es, fr, de, dv";

export type VendorRegistrationField = keyof typeof VENDOR_REGISTRATION_MESSAGES;

/** Field order is the order the messages are reported in. */
export const VENDOR_REGISTRATION_FIELDS = Object.keys(VENDOR_REGISTRATION_MESSAGES) as VendorRegistrationField[];

export const VENDOR_TEXT_MAX_LENGTH = 200;

const required = (message: string) => safeString(message).trim().min(1, message).max(VENDOR_TEXT_MAX_LENGTH, message);
const m = VENDOR_REGISTRATION_MESSAGES;

export const vendorRegistrationSchema = z.object({
  firstName: required(m.firstName),
  lastName: required(m.lastName),
  email: safeString(m.email).trim().max(VENDOR_TEXT_MAX_LENGTH, m.email).pipe(z.email(m.email)),
  companyName: required(m.companyName),
  contactPerson: required(m.contactPerson),
  phone: required(m.phone),
  // Multipart fields arrive as strings, so the ids are coerced.
  categoryIds: z.array(idSchema(m.categoryIds), {
    error: m.categoryIds,
  }).min(1, m.categoryIds),
  language: z.enum(LANGUAGES, { error: VENDOR_LANGUAGE_MESSAGE }).default("en"),
});

export type VendorRegistrationInput = z.input<typeof vendorRegistrationSchema>;
export type VendorRegistration = z.output<typeof vendorRegistrationSchema>;

/** The business license (optional): a PDF or image, checked by content on the server. */
export const BUSINESS_LICENSE_FIELD = "businessLicense";
export const BUSINESS_LICENSE_ACCEPT = ".pdf,.jpg,.jpeg,.png";
export const BUSINESS_LICENSE_EXTENSIONS = [".pdf", ".jpg", ".jpeg", ".png"] as const;
export const BUSINESS_LICENSE_MIME_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const BUSINESS_LICENSE_MAX_BYTES = 10 * 1024 * 1024;

export const BUSINESS_LICENSE_MESSAGES = {
  type: `File type must be ${BUSINESS_LICENSE_EXTENSIONS.join(", ")}`,
  size: `File is larger than ${BUSINESS_LICENSE_MAX_BYTES} bytes`,
} as const;

/** By name and size only; the server also checks the magic bytes. Returns the failed rule, or null. */
export function checkBusinessLicense(file: { name: string; size: number }): "type" | "size" | null {
  const name = file.name.toLowerCase();
  if (!BUSINESS_LICENSE_EXTENSIONS.some((ext) => name.endsWith(ext))) return "type";
  if (file.size > BUSINESS_LICENSE_MAX_BYTES) return "size";
  return null;
}
