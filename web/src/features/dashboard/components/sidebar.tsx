import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardSection } from "../../../../../src/shared/permissions.ts";
import { LanguageSelect } from "../../../components/language-select.tsx";
import { ThemeSelect } from "../../../components/theme-select.tsx";
import { type CurrentUser, userDisplayName } from "../../../hooks/use-current-user.ts";
import { logout } from "../../../lib/logout.ts";

export function Sidebar({ user, sections, active, open, onSelect, onClose }: {
  user: CurrentUser;
  sections: DashboardSection[];
  active: DashboardSection;
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
            {sections.map((section) => (
              <li key={section}>
                <button
                  type="button"
                  className={section === active ? "menu-active" : undefined}
                  aria-current={section === active ? "page" : undefined}
                  onClick={() => onSelect(section)}
                >
                  {t(`dashboard.sections.${section}`)}
                </button>
              </li>
            ))}
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
