/**
 * The organisation's profile as the other features see it (docs/decisions/027-service-layer.md):
 * purchase order documents print its name, address, currency and logo.
 */
export { readProfile } from "./queries.ts";
