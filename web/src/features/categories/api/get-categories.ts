/**
 * Moved to web/src/hooks/use-categories.ts (several features list the categories). This forwarder
 * only serves the create-request wizards while they are folded into web/src/components/wizard (issue
 * 15 item 5); delete it with the last import of this path (web/src/features.boundaries.test.ts).
 */
export {
  categoriesQueryKey,
  categoriesQueryOptions,
  type Category,
  getCategories,
  useCategories,
} from "../../../hooks/use-categories.ts";
