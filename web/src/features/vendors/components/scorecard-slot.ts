/**
 * The analytics feature's vendor scorecard, shown in an approved application's details. The app
 * hands it to the vendors section and page (web/src/app/vendors.tsx), which provide it here for
 * the details deeper down; without a provider nothing is shown.
 */
import { type ComponentType, createContext } from "react";

export type ScorecardComponent = ComponentType<{ vendorId: number; collapsed?: boolean }>;

export const ScorecardSlot = createContext<ScorecardComponent>(() => null);
