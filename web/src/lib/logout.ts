import { apiRequest } from "./api-client.ts";

/**
 * Signing out: a POST that revokes this session on the server (a GET cannot sign anyone out, so a
 * cross-site link or image cannot either), then a full navigation home so no signed-in state stays
 * in memory. Home is reached even if the request fails (the cookie may already be gone).
 */
export const LOGOUT_PATH = "/api/auth/logout";

export async function logout() {
  try {
    await apiRequest(LOGOUT_PATH, { method: "POST" });
  } catch {
    // Already signed out (or offline): going home shows the signed-out state either way.
  }
  globalThis.location.href = "/";
}
