import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type SetPasswordInput = { token: string; password: string };

/** POST /api/auth/set-password: the one-time link from the approval email (400 when invalid or expired). */
export function setPassword(input: SetPasswordInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>("/api/auth/set-password", { method: "POST", json: input });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: setPassword,
    // The visitor is signed out; a 401 here is not an expired session.
    meta: { skipUnauthorizedRedirect: true },
  });
}
