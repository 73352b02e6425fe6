import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardSection } from "../../../../../src/shared/permissions.ts";
import { LanguageSelect } from "../../../components/language-select.tsx";
import { ThemeSelect } from "../../../components/theme-select.tsx";
import { type CurrentUser, userDisplayName } from "../../../hooks/use-current-user.ts";
import { logout } from "../../../lib/logout.ts";

/** A section's name: the inbox's is with its own strings. */
const sectionLabel = (section: DashboardSection) =>
  section === "inbox" ? "inbox.title" : `dashboard.sections.${section}` as const;

/** "99+" from 100 on: the inbox counts no further. */
const badgeText = (count: number) => count > 99 ? "99+" : String(count);

export function Sidebar({ user, sections, active, badges, open, onSelect, onClose }: {
  user: CurrentUser;
  sections: DashboardSection[];
  active: DashboardSection;
  badges: Partial<Record<DashboardSection, number>>;
  open: boolean;
  onSelect: (section: DashboardSection) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = userDisplayName(user) ?? t("dashboard.defaultUserName");
  const navRef = useRef<HTMLElement>(null);
  // Opened on a small screen: move focus into the menu so keyboard users land in it.
  useEffect(() => {
    if (open) navRef.current?.querySelector("button")?.focus();
  }, [open]);
  const roleName = t(`roles.${user.role.name}.name`, { defaultValue: user.role.displayName });
  return (
    <>
      {open && (
        <button
          type="button"
          className="fixed inset-0 z-30 bg-black/40 lg:hidden"
          aria-label={t("dashboard.closeMenu")}
          onClick={onClose}
        />
      )}
      <aside
        id="dashboard-sidebar"
        className={`${
          open ? "flex" : "hidden"
        } fixed inset-y-0 start-0 z-40 w-64 flex-col border-e border-base-300 bg-base-100 lg:flex`}
      >
        <div className="border-b border-base-300 px-4 py-4">
          <p className="text-xl font-bold text-primary">{t("dashboard.sidebarTitle")}</p>
        </div>
        <nav ref={navRef} aria-label={t("dashboard.navigation")} className="flex-1 overflow-y-auto">
          <ul className="menu w-full gap-1">
            {sections.map((section) => {
              const count = badges[section] ?? 0;
              // The count is the button's description, not part of its name: "Inbox", "3 waiting".
              const badgeId = `sidebar-badge-${section}`;
              return (
                <li key={section}>
                  <button
                    type="button"
                    className={`flex justify-between ${section === active ? "menu-active" : ""}`}
                    aria-current={section === active ? "page" : undefined}
                    aria-describedby={count ? badgeId : undefined}
                    onClick={() => onSelect(section)}
                  >
                    <span>{t(sectionLabel(section))}</span>
                    {count > 0 && (
                      <span className="badge badge-sm badge-primary" aria-hidden="true" data-testid={badgeId}>
                        {badgeText(count)}
                      </span>
                    )}
                  </button>
                  {count > 0 && <span id={badgeId} className="sr-only">{t("inbox.badge", { n: count })}</span>}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex flex-col gap-3 border-t border-base-300 p-4">
          <div className="flex flex-wrap gap-2">
            <LanguageSelect />
            <ThemeSelect />
          </div>
          <div className="min-w-0">
            <p className="truncate font-medium">{name}</p>
            <p className="truncate text-sm text-base-content/70">{roleName}</p>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={logout}
          >
            {t("auth.logout")}
          </button>
        </div>
      </aside>
    </>
  );
}
