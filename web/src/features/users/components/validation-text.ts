/**
 * Moved to web/src/hooks/use-validation-text.ts (password change, settings and profile show the same
 * texts). This forwarder only serves the user and profile dialogs while they are folded into one user
 * form (issue 15 item 5); delete it with the last import of this path.
 */
export { useValidationText } from "../../../hooks/use-validation-text.ts";
