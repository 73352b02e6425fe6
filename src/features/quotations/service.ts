/**
 * Quotations as the other features see them (docs/decisions/027-service-layer.md): a vendor extends
 * its quotation's validity from its opportunities (decision 023). The rest of the feature's rules
 * (review, award, comparison) are reached through its own routes.
 */
export { extendValidity } from "./extension.ts";
