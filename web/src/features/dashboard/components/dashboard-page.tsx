/**
 * The signed-in shell: a fixed sidebar listing the sections the role may see, and the chosen
 * section (state, spec section 2; a link may name one with `?section=`, as the inbox's do, and the
 * sidebar drops that parameter again).
 */
import { type ComponentType, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import {
  type DashboardSection,
  FIRST_SECTION,
  resolveSection,
  sectionsFor,
} from "../../../../../src/shared/permissions.ts";
import { isRoleName } from "../../../../../src/shared/roles.ts";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { SkipLink } from "../../../components/skip-link.tsx";
import { type CurrentUser, useCurrentUser } from "../../../hooks/use-current-user.ts";
import { Sidebar } from "./sidebar.tsx";
import { DashboardNavigation } from "../../../hooks/dashboard-navigation.ts";

/**
 * `sections` renders each section, `passwordChange` the forced password change, `badges` the
 * sidebar's counts (the inbox's) and `bell` the top bar's notifications; the app composes them
 * (web/src/app/dashboard.tsx), so this shell imports no other feature.
 */
export default function DashboardPage(
  { sections, passwordChange: ForcedPasswordChangePage, badges = {}, bell: Bell }: {
    sections: Record<DashboardSection, ComponentType>;
    passwordChange: ComponentType<{ user: CurrentUser }>;
    badges?: Partial<Record<DashboardSection, number>>;
    bell?: ComponentType<{ onSection: (section: DashboardSection) => void }>;
  },
) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const role = isRoleName(user?.role.name) ? user.role.name : null;
  const search = useSearch();
  const [location, setLocation] = useLocation();
  const linked = new URLSearchParams(search).get("section") as DashboardSection | null;
  const [wanted, setWanted] = useState<DashboardSection>(linked ?? FIRST_SECTION);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const available: DashboardSection[] = role ? sectionsFor(role) : [FIRST_SECTION];
  const active = role ? resolveSection(role, wanted) : FIRST_SECTION;
  const Section = sections[active];
  // A link followed while the dashboard is open names its section too.
  useEffect(() => {
    if (linked) setWanted(linked);
  }, [linked]);
  const navigate = useCallback((section: DashboardSection) => {
    setWanted(section);
    setSidebarOpen(false);
    // The address no longer names a section or record, so following the same link again opens it.
    if (search) setLocation(location, { replace: true });
  }, [search, location, setLocation]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSidebarOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [sidebarOpen]);

  if (!user) return null;
  // A temporary password (new account or reset) opens nothing but the change form; the server
  // refuses every other call until then.
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ForcedPasswordChangePage user={user} />
      </Suspense>
    );
  }

  return (
    <div className="min-h-screen bg-base-200">
      <SkipLink />
      <Sidebar
        user={user}
        sections={available}
        active={active}
        badges={badges}
        open={sidebarOpen}
        onSelect={navigate}
        onClose={() => setSidebarOpen(false)}
      />
      <div className="lg:ps-64">
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-base-300 bg-base-100 px-4 py-3">
          <button
            type="button"
            className="btn btn-ghost btn-sm lg:hidden"
            aria-controls="dashboard-sidebar"
            aria-expanded={sidebarOpen}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            {t("dashboard.toggleMenu")}
          </button>
          <h1 className="text-xl font-semibold">{t("dashboard.title")}</h1>
          {Bell && (
            <div className="ms-auto">
              <Bell onSection={navigate} />
            </div>
          )}
        </header>
        <main id="main" className="p-4 lg:p-6">
          <Suspense fallback={<PageSpinner />}>
            <DashboardNavigation value={navigate}>
              <Section />
            </DashboardNavigation>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
