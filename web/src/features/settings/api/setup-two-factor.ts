import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** `qrSvg` is an SVG document produced by the server's `qrcode` library from `uri`. */
export type TwoFactorSetup = { uri: string; qrSvg: string; secret: string };

/** POST /api/auth/2fa/setup: a new pending key; it only takes effect once a code confirms it. */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>("/api/auth/2fa/setup", { method: "POST" });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
