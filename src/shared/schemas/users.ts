/** User management and profile schemas, shared by the API and the SPA. */
import { z } from "zod";
import { idSchema, safeString } from "./common.ts";
import { passwordSchema } from "./auth.ts";

const name = (label: string) =>
  safeString(`${label} is required`).trim().min(1, `${label} is required`).max(100, `${label} is too long`);
export const emailSchema = safeString("Valid email is required").trim().toLowerCase().max(254).pipe(
  z.email("Valid email is required"),
);
const roleId = z.coerce.number({ error: "Role is required" }).int("Role is required").min(1, "Role is required").max(
  5,
  "Role is required",
);

export const createUserSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailSchema,
  password: passwordSchema,
  roleId,
});

export const updateUserSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailSchema,
  // blank leaves the password unchanged
  newPassword: z.union([z.literal(""), passwordSchema]).optional(),
});

export const updateRoleSchema = z.object({ roleId });
export const updateStatusSchema = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }) });

const optionalText = safeString().trim().max(200).optional();
export const updateProfileSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailSchema,
  phone: optionalText,
  companyName: optionalText,
  contactPerson: optionalText,
});

/** Path ids: the one id schema (src/shared/schemas/common.ts). */
export { idParamSchema } from "./common.ts";

export const AUDIT_RANGES = ["all", "24h", "7d", "30d"] as const;
export const auditQuerySchema = z.object({
  range: z.enum(AUDIT_RANGES).default("7d"),
  userId: idSchema().optional(),
  action: safeString().regex(/^[A-Z_]{2,40}$/, "Invalid action").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the X-Next-Cursor of the page before (deep pages; offsets stop at 10,000). */
  after: z.string().max(40).optional(),
});

export const listUsersQuerySchema = z.object({
  q: safeString().trim().max(100).optional(),
  roleId: z.coerce.number().int().min(1).max(5).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
