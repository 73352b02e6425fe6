/**
 * Query defaults of spec section 7: no refetch on an interval or on window focus, never stale,
 * no retry unless a query says otherwise. An Unauthorized error from any query or mutation
 * signs the user in again (spec section 8) unless its meta opts out.
 */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "./api-client.ts";
import { inboxQueryKey } from "./query-keys.ts";
import { i18n } from "./i18n.ts";
import { toast } from "./toast.tsx";

export const UNAUTHORIZED_REDIRECT_MS = 500;
export const LOGIN_REDIRECT_PATH = "/api/login";

/** Put `meta: { skipUnauthorizedRedirect: true }` on a query or mutation that handles 401 itself. */
export type AppMeta = { skipUnauthorizedRedirect?: boolean };

let redirecting = false;

export function handleUnauthorized(error: unknown, meta: AppMeta | undefined) {
  if (meta?.skipUnauthorizedRedirect || !isUnauthorizedError(error) || redirecting) return;
  redirecting = true;
  toast({
    variant: "error",
    title: i18n.t("errors.unauthorizedTitle"),
    description: i18n.t("errors.unauthorizedDescription"),
  });
  redirectToSignIn();
}

/** To the sign-in page, after a moment for the toast just shown to be read. */
export function redirectToSignIn() {
  setTimeout(() => {
    globalThis.location.href = LOGIN_REDIRECT_PATH;
  }, UNAUTHORIZED_REDIRECT_MS);
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleUnauthorized(error, query.meta as AppMeta | undefined),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleUnauthorized(error, mutation.meta as AppMeta | undefined),
      // Whatever was just done may be what an inbox item asked for: the inbox is read again.
      onSuccess: () => void client.invalidateQueries({ queryKey: inboxQueryKey }),
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
