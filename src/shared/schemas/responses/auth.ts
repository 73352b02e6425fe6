/** Response schemas: sign-in, the current user, vendor registration and review. */
import { z } from "zod";
import { int, timestamp } from "./common.ts";

/** The signed-in user (src/auth/user-json.ts): never hashes or secrets. */
export const currentUserSchema = z.object({
  id: int,
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  mustChangePassword: z.boolean(),
  role: z.object({ id: int, name: z.string(), displayName: z.string() }),
});
/** The password step's answer: the user (signed in), or a request for the second factor. */
export const signInSchema = z.union([currentUserSchema, z.object({ twoFactorRequired: z.literal(true) })]);

export const vendorRegisteredSchema = z.object({
  status: z.literal("pending"),
  message: z.string(),
  registrationToken: z.string(),
});
export const vendorCategoryIdsSchema = z.array(z.object({ categoryId: int }));

export const vendorApplicationSchema = z.object({
  id: int,
  companyName: z.string(),
  contactPerson: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  categories: z.array(z.object({ id: int, name: z.string() })),
  businessLicenseUrl: z.string().nullable(),
  businessLicenseFileId: int.nullable(),
  businessLicenseName: z.string().nullable(),
});
export const vendorApplicationListSchema = z.array(vendorApplicationSchema);
export const vendorStatsSchema = z.object({ pendingVendors: int, approvedVendors: int, rejectedVendors: int });
