/**
 * Moved to web/src/hooks/use-users.ts (audit logs and the profile use the users list too). This
 * forwarder only serves the user dialogs while they are folded into one user form (issue 15 item 5);
 * delete it with the last import of this path.
 */
export type { AdminUser, UserPage, UserPageParams } from "../../../hooks/use-users.ts";
