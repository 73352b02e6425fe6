/**
 * The signed-in user's notifications: the list (pages of the newest first, with the unread count),
 * marking read, and the live stream that puts each new one at the top without a reload
 * (GET /api/notifications/stream; the browser's EventSource reconnects by itself and resumes after
 * the last id it received: docs/decisions/030-notifications.md).
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiJson } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "../../../lib/query-keys.ts";
import type { NotificationView } from "../../../../../src/shared/notifications.ts";

export type NotificationPage = { items: NotificationView[]; unread: number; next: number | null };
type Pages = InfiniteData<NotificationPage, number | undefined>;

export const notificationsKey = ["notifications"] as const;
const PAGE = 20;

/** GET /api/notifications, page by page (?before= the page's next). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsKey,
    queryFn: ({ pageParam, signal }) =>
      apiJson<NotificationPage>(`/api/notifications?limit=${PAGE}${pageParam ? `&before=${pageParam}` : ""}`, {
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());

/** The pages with `change` applied to every row and the unread count set on the first page. */
function edit(pages: Pages | undefined, change: (n: NotificationView) => NotificationView, unread: number) {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((p, i) => ({ ...p, items: p.items.map(change), ...(i === 0 ? { unread } : {}) })),
  };
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ unread: number }>(`/api/notifications/${id}/read`, { method: "POST" }),
    onSuccess: ({ unread }, id) => {
      const now = new Date().toISOString();
      client.setQueryData<Pages>(
        notificationsKey,
        (old) => edit(old, (n) => n.id === id && !n.readAt ? { ...n, readAt: now } : n, unread),
      );
    },
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    /** Only up to the newest row shown: one that arrives meanwhile stays unread. */
    mutationFn: (upTo: number) =>
      apiJson<{ unread: number }>(`/api/notifications/read-all?upTo=${upTo}`, { method: "POST" }),
    onSuccess: ({ unread }, upTo) => {
      const now = new Date().toISOString();
      client.setQueryData<Pages>(
        notificationsKey,
        (old) => edit(old, (n) => n.id <= upTo && !n.readAt ? { ...n, readAt: now } : n, unread),
      );
    },
  });
}

/**
 * Follows the stream once the first page is in, from its newest id: each new notification goes to
 * the top of the list and counts as unread. `onArrive` is told of each (the bell announces it).
 */
export function useNotificationStream(newestId: number | undefined, onArrive: (n: NotificationView) => void) {
  const client = useQueryClient();
  const ready = newestId !== undefined;
  const arrive = useRef(onArrive);
  arrive.current = onArrive;
  useEffect(() => {
    if (!ready || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/notifications/stream?after=${newestId}`, { withCredentials: true });
    source.addEventListener("notification", (event) => {
      const row = JSON.parse((event as MessageEvent<string>).data) as NotificationView;
      let added = false;
      client.setQueryData<Pages>(notificationsKey, (old) => {
        if (!old || old.pages.some((p) => p.items.some((n) => n.id === row.id))) return old;
        added = true;
        const [first, ...rest] = old.pages;
        return {
          ...old,
          pages: [{ ...first, items: [row, ...first.items], unread: first.unread + (row.readAt ? 0 : 1) }, ...rest],
        };
      });
      if (added) {
        arrive.current(row);
        // What a notification tells of (a request to approve, an order to acknowledge) is usually
        // work waiting: the inbox and the sidebar's badges are read again with it.
        void client.invalidateQueries({ queryKey: inboxQueryKey });
      }
    });
    return () => source.close();
    // Opened once per page: the stream itself resumes after what it sent (Last-Event-ID).
  }, [ready]);
}
