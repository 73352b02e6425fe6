/**
 * Moved to web/src/hooks/use-profile.ts (password change and settings refresh the profile too). This
 * forwarder only serves the profile edit dialog while it is folded into one user form (issue 15 item
 * 5); delete it with the last import of this path.
 */
export type { Profile } from "../../../hooks/use-profile.ts";
