/**
 * The organisation's time zone (system setting `organisation_time_zone`, default UTC), read with a
 * short per-database cache: every validated request needs it ("today" for deadlines), and a change
 * made on another instance is seen within a few seconds.
 */
import type { Queryable } from "../db/types.ts";
import { DEFAULT_TIME_ZONE, isValidTimeZone, setOrganisationTimeZone } from "../shared/schemas/common.ts";
import { getSetting } from "./settings.ts";

export const TIME_ZONE_SETTING = "organisation_time_zone";
const TTL_MS = 5_000;
const cache = new WeakMap<object, { value: string; at: number }>();

export async function organisationTimeZone(db: Queryable): Promise<string> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const stored = await getSetting(db, TIME_ZONE_SETTING, DEFAULT_TIME_ZONE);
  const value = isValidTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  cache.set(db, { value, at: Date.now() });
  return value;
}

/** Forget the cached value (after the setting was saved through this instance). */
export function forgetOrganisationTimeZone(db: Queryable) {
  cache.delete(db);
}

/** Make the shared schemas take "today" in the organisation's time zone. */
export async function useOrganisationTimeZone(db: Queryable): Promise<string> {
  const tz = await organisationTimeZone(db);
  setOrganisationTimeZone(tz);
  return tz;
}
