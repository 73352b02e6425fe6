/**
 * Moved to web/src/hooks/use-users.ts (audit logs and the profile use the users list too). This
 * forwarder only serves the user dialogs while they are folded into one user form
 * (docs/decisions/012-spa-feature-boundaries.md); delete it with the last import of this path.
 */
export type { AdminUser, UserPage, UserPageParams } from "../../../hooks/use-users.ts";
