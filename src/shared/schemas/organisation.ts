/**
 * The organisation profile: who buys, printed on every purchase order. Shared by
 * the API (PUT /api/organisation) and the SPA form, so both refuse the same input with the same words.
 */
import { z } from "zod";
import { safeString, timeZoneSchema } from "./common.ts";

export const ORGANISATION_LIMITS = {
  legalName: 200,
  address: 500,
  taxId: 50,
  deliveryAddress: 500,
  paymentTerms: 500,
  poTerms: 4000,
} as const;

/** Logos are small pictures printed in a corner: 1 MB is plenty and keeps every PDF light. */
export const MAX_LOGO_BYTES = 1024 * 1024;

export const ORGANISATION_MESSAGES = {
  legalNameRequired: "Legal name is required",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  taxId: "Tax id may contain only letters, digits, spaces and . / -",
  currency: "Currency must be an ISO 4217 code such as USD, EUR or MVR",
} as const;

function currencyCodes(): Set<string> {
  try {
    return new Set((Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("currency"));
  } catch {
    return new Set();
  }
}
const CURRENCIES = currencyCodes();

/** An ISO 4217 code that Intl knows (so money formats with it), upper case. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && (CURRENCIES.size === 0 || CURRENCIES.has(code));
}

const text = (max: number) => safeString().trim().max(max, ORGANISATION_MESSAGES.tooLong(max)).optional().default("");

export const organisationProfileSchema = z.object({
  legalName: safeString(ORGANISATION_MESSAGES.legalNameRequired).trim()
    .min(1, ORGANISATION_MESSAGES.legalNameRequired)
    .max(ORGANISATION_LIMITS.legalName, ORGANISATION_MESSAGES.tooLong(ORGANISATION_LIMITS.legalName)),
  address: text(ORGANISATION_LIMITS.address),
  taxId: safeString().trim().max(ORGANISATION_LIMITS.taxId, ORGANISATION_MESSAGES.tooLong(ORGANISATION_LIMITS.taxId))
    .regex(/^[\p{L}\p{N} ./-]*$/u, ORGANISATION_MESSAGES.taxId).optional().default(""),
  deliveryAddress: text(ORGANISATION_LIMITS.deliveryAddress),
  paymentTerms: text(ORGANISATION_LIMITS.paymentTerms),
  poTerms: text(ORGANISATION_LIMITS.poTerms),
  currency: safeString(ORGANISATION_MESSAGES.currency).trim().refine(isCurrencyCode, ORGANISATION_MESSAGES.currency),
  /** The organisation's IANA time zone: the same setting System Settings edits. */
  timeZone: timeZoneSchema,
});

export type OrganisationProfileInput = z.input<typeof organisationProfileSchema>;

export interface OrganisationProfile {
  legalName: string;
  address: string;
  taxId: string;
  deliveryAddress: string;
  paymentTerms: string;
  poTerms: string;
  currency: string;
  timeZone: string;
  /** The uploaded logo (PNG or JPEG), downloadable by staff at /api/organisation/logo. */
  logo: { fileId: number; contentType: string; sizeBytes: number } | null;
}
