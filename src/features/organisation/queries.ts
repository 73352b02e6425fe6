/** SQL of the organisation profile: settings rows (no table of its own) and the logo's file row. */
import type { Queryable } from "../../db/types.ts";
import { getSettings } from "../../lib/settings.ts";
import { TIME_ZONE_SETTING } from "../../lib/organisation-time-zone.ts";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "../../shared/schemas/common.ts";
import type { OrganisationProfile } from "../../shared/schemas/organisation.ts";

export const PROFILE_KEYS = {
  legalName: "organisation_legal_name",
  address: "organisation_address",
  taxId: "organisation_tax_id",
  deliveryAddress: "organisation_delivery_address",
  paymentTerms: "organisation_payment_terms",
  poTerms: "organisation_po_terms",
  currency: "organisation_currency",
  timeZone: TIME_ZONE_SETTING,
} as const;
export const LOGO_KEY = "organisation_logo_file_id";

export type ProfileValues = Omit<OrganisationProfile, "logo">;
export const DEFAULT_CURRENCY = "USD";

export async function readProfile(db: Queryable): Promise<OrganisationProfile> {
  const s = await getSettings(db, [...Object.values(PROFILE_KEYS), LOGO_KEY]);
  const tz = s[PROFILE_KEYS.timeZone];
  const logoId = Number(s[LOGO_KEY] ?? "");
  const logo = logoId > 0
    ? (await db.query<{ fileId: number; contentType: string; sizeBytes: number }>(
      `select id as "fileId", content_type as "contentType", size_bytes as "sizeBytes" from files where id = $1`,
      [logoId],
    ))[0] ?? null
    : null;
  return {
    legalName: s[PROFILE_KEYS.legalName] ?? "",
    address: s[PROFILE_KEYS.address] ?? "",
    taxId: s[PROFILE_KEYS.taxId] ?? "",
    deliveryAddress: s[PROFILE_KEYS.deliveryAddress] ?? "",
    paymentTerms: s[PROFILE_KEYS.paymentTerms] ?? "",
    poTerms: s[PROFILE_KEYS.poTerms] ?? "",
    currency: s[PROFILE_KEYS.currency] || DEFAULT_CURRENCY,
    timeZone: tz && isValidTimeZone(tz) ? tz : DEFAULT_TIME_ZONE,
    logo,
  };
}

const DESCRIPTIONS: Record<string, string> = {
  [PROFILE_KEYS.legalName]: "Organisation legal name (purchase orders)",
  [PROFILE_KEYS.address]: "Organisation address",
  [PROFILE_KEYS.taxId]: "Organisation tax id",
  [PROFILE_KEYS.deliveryAddress]: "Default delivery address",
  [PROFILE_KEYS.paymentTerms]: "Default payment terms",
  [PROFILE_KEYS.poTerms]: "Terms printed on purchase orders",
  [PROFILE_KEYS.currency]: "Organisation currency (ISO 4217)",
  [LOGO_KEY]: "Organisation logo (file id)",
};

/** Upsert of one settings row (category system); the time zone row already exists and keeps its description. */
export async function writeProfileSetting(tx: Queryable, key: string, value: string, userId: number | null) {
  await tx.query(
    `insert into settings (key, value, category, description, updated_by, updated_at) values ($1, $2, 'system', $3, $4, now())
     on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
    [key, value, DESCRIPTIONS[key] ?? "", userId],
  );
}

/** The logo's file id, locking its settings row so two uploads replace one another in turn. */
export async function lockLogo(tx: Queryable): Promise<number | null> {
  await tx.query(
    `insert into settings (key, value, category, description) values ($1, '', 'system', $2) on conflict (key) do nothing`,
    [LOGO_KEY, DESCRIPTIONS[LOGO_KEY]],
  );
  const [row] = await tx.query<{ value: string }>("select value from settings where key = $1 for update", [LOGO_KEY]);
  const id = Number(row?.value ?? "");
  return id > 0 ? id : null;
}

export async function deleteFile(tx: Queryable, id: number) {
  await tx.query("delete from files where id = $1", [id]);
}
