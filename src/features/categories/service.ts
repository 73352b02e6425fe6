/**
 * Categories as the other features see them (docs/decisions/027-service-layer.md): which of a list
 * of ids are usable. Purchase requests, bids and vendors check their categories here.
 */
export { activeCategoryIds, existingCategoryIds } from "./queries.ts";
