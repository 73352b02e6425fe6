/**
 * The top bar's bell: the unread count (in its accessible name too), and a panel listing the
 * notifications newest first, each a sentence that opens what it is about and marks it read, with
 * "Mark all read". New ones arrive live (the stream in ../api/notifications.ts) and are announced
 * to screen readers.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { DashboardSection } from "../../../../../src/shared/permissions.ts";
import type { NotificationView } from "../../../../../src/shared/notifications.ts";
import { FeatureIcon } from "../../../components/feature-icon.tsx";
import { useCurrentUser } from "../../../hooks/use-current-user.ts";
import { useFormat } from "../../../lib/format.ts";
import { useMarkAllRead, useMarkRead, useNotifications, useNotificationStream } from "../api/notifications.ts";
import { notificationText } from "./notification-text.ts";

/**
 * Where a notification leads: a page of its own; for staff, a request or bid opened in its section
 * (`?open=`, as the inbox links); for a vendor, its opportunities.
 */
export function targetOf(n: NotificationView, vendor: boolean): { path: string } | { section: DashboardSection } {
  switch (n.entityKind) {
    case "purchase_order":
      return { path: `/purchase-orders/${n.entityId}` };
    case "budget":
      return { path: "/budgets" };
    case "bid_request":
      return vendor ? { section: "opportunities" } : { path: `/dashboard?section=bids&open=${n.entityId}` };
    default:
      return vendor ? { section: "opportunities" } : { path: `/dashboard?section=requests&open=${n.entityId}` };
  }
}

export function NotificationBell({ onSection }: { onSection: (section: DashboardSection) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: user } = useCurrentUser();
  const [, setLocation] = useLocation();
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const newest = list.data ? (items[0]?.id ?? 0) : undefined;
  useNotificationStream(newest, (n) => setAnnouncement(notificationText(t, format.lang, n)));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const choose = (n: NotificationView) => {
    if (!n.readAt) markRead.mutate(n.id);
    setOpen(false);
    const target = targetOf(n, user?.role.name === "vendor");
    if ("path" in target) setLocation(target.path);
    else onSection(target.section);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-sm btn-circle relative"
        aria-label={unread ? t("notifications.bellUnread", { unread }) : t("notifications.bell")}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <FeatureIcon name="bell" className="h-5 w-5" />
        {unread > 0 && (
          <span
            className="badge badge-sm badge-error absolute -top-1 -end-1 px-1 font-semibold"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > 99 ? "99+" : format.number(unread)}
          </span>
        )}
      </button>
      <p className="sr-only" aria-live="polite">{announcement}</p>
      {open && (
        <section
          id={panelId}
          role="dialog"
          aria-label={t("notifications.title")}
          className="fixed inset-x-2 top-14 z-50 flex max-h-[70vh] flex-col rounded-box border border-base-300 bg-base-100 shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-2">
            <h2 className="font-semibold">{t("notifications.title")}</h2>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={!unread || markAll.isPending}
              onClick={() => items[0] && markAll.mutate(items[0].id)}
            >
              {t("notifications.markAllRead")}
            </button>
          </div>
          {list.isPending
            ? <p className="p-4 text-sm">{t("common.loading")}</p>
            : items.length === 0
            ? <p className="p-4 text-sm">{t("notifications.empty")}</p>
            : (
              <ul className="overflow-y-auto" data-testid="notification-list">
                {items.map((n) => (
                  <li key={n.id} className="border-b border-base-200 last:border-b-0">
                    <button
                      type="button"
                      className={`flex w-full flex-col items-start gap-1 px-4 py-3 text-start hover:bg-base-200 focus-visible:bg-base-200 ${
                        n.readAt ? "" : "font-semibold"
                      }`}
                      onClick={() => choose(n)}
                    >
                      <span className="flex items-start gap-2">
                        {!n.readAt && (
                          <span
                            className="mt-1.5 inline-block h-2 w-2 shrink-0 rounded-full bg-primary"
                            aria-hidden="true"
                          />
                        )}
                        <span>
                          {!n.readAt && <span className="sr-only">{`${t("notifications.unread")}: `}</span>}
                          {notificationText(t, format.lang, n)}
                        </span>
                      </span>
                      <time dateTime={n.createdAt} className="text-xs font-normal text-base-content/70">
                        {format.dateTime(n.createdAt)}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-ghost btn-sm m-2"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t("notifications.older")}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
