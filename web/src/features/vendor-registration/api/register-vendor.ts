import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import {
  BUSINESS_LICENSE_FIELD,
  type VendorRegistration,
} from "../../../../../src/shared/schemas/vendor-registration.ts";

export type RegisterVendorInput = { fields: VendorRegistration; businessLicense: File | null };
/** The same answer for a new and an already registered email; the token allows the follow-up categories call. */
export type RegisterVendorResult = { status: "pending"; message: string; registrationToken: string };

/**
 * POST /api/vendor/register as one multipart/form-data request: the text fields, `categoryIds`
 * once per category, and the license file (when chosen) in `businessLicense`.
 */
export function registerVendor({ fields, businessLicense }: RegisterVendorInput): Promise<RegisterVendorResult> {
  const form = new FormData();
  const { categoryIds, ...text } = fields;
  for (const [key, value] of Object.entries(text)) form.append(key, value);
  for (const id of categoryIds) form.append("categoryIds", String(id));
  if (businessLicense) form.append(BUSINESS_LICENSE_FIELD, businessLicense, businessLicense.name);
  return apiJson<RegisterVendorResult>("/api/vendor/register", { method: "POST", formData: form });
}

export function useRegisterVendor() {
  return useMutation({
    mutationFn: registerVendor,
    // A signed-out visitor: a 401 here is not an expired session.
    meta: { skipUnauthorizedRedirect: true },
  });
}
