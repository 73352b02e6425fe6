/**
 * Lets a section switch to another one (the overview's quick actions, the role dashboards' links); a
 * section not allowed falls back. The dashboard page provides it; outside a dashboard it does nothing.
 */
import { createContext } from "react";
import type { DashboardSection } from "../../../src/shared/permissions.ts";

export const DashboardNavigation = createContext<(section: DashboardSection) => void>(() => {});
