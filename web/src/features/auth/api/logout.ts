/** Signing out is a navigation: the server clears the cookie and redirects (spec section 7). */
export const LOGOUT_PATH = "/api/auth/logout";

export function logout() {
  globalThis.location.href = LOGOUT_PATH;
}
