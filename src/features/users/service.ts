/**
 * Users as the other features see them (docs/decisions/027-service-layer.md): vendor registration
 * checks that an email is free and sets the password from its emailed link.
 */
export { emailTaken, setPassword } from "./queries.ts";
