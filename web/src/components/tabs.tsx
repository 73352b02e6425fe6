/**
 * The ARIA tabs pattern for a form spread over tabs: arrow keys move between tabs (mirrored in
 * right-to-left languages), and every panel stays mounted (hidden) so the form keeps one set of
 * registered fields. `id` (from useId) ties each tab to its panel.
 */
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";

type TabsProps<T extends string> = { id: string; tabs: readonly T[]; current: T };

/** The state of a set of tabs: their id, the tabs, the current one and how to change it; spread into TabList. */
export function useTabs<T extends string>(tabs: readonly T[], first: T) {
  const id = useId();
  const [current, onSelect] = useState<T>(first);
  return { id, tabs, current, onSelect };
}

export function TabList<T extends string>(
  { id, tabs, current, onSelect, label, tabLabel, single = false, className = "flex-wrap", tabClassName = "" }:
    & TabsProps<T>
    & {
      onSelect: (tab: T) => void;
      label: string;
      tabLabel: (tab: T) => ReactNode;
      /** One panel shows the current tab's content (TabPanel), instead of a panel per tab. */
      single?: boolean;
      className?: string;
      tabClassName?: string;
    },
) {
  const { i18n } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = i18n.dir() === "rtl";
    const step = event.key === "ArrowRight" ? (rtl ? -1 : 1) : event.key === "ArrowLeft" ? (rtl ? 1 : -1) : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length];
    onSelect(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs tabs-box ${className}`}>
      {tabs.map((name) => (
        <button
          key={name}
          id={`${id}-tab-${name}`}
          type="button"
          role="tab"
          aria-selected={current === name}
          aria-controls={single ? `${id}-panel` : `${id}-panel-${name}`}
          tabIndex={current === name ? 0 : -1}
          className={`tab ${tabClassName} ${current === name ? "tab-active" : ""}`}
          onClick={() => onSelect(name)}
          onKeyDown={onKeyDown}
        >
          {tabLabel(name)}
        </button>
      ))}
    </div>
  );
}

export function TabPanels<T extends string>({ id, tabs, current, children }: TabsProps<T> & {
  children: (tab: T) => ReactNode;
}) {
  return (
    <>
      {tabs.map((name) => (
        <div
          key={name}
          id={`${id}-panel-${name}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${name}`}
          hidden={current !== name}
        >
          {children(name)}
        </div>
      ))}
    </>
  );
}

/** The one panel of a TabList with `single`: the current tab's content. */
export function TabPanel<T extends string>({ id, current, className, children }: {
  id: string;
  current: T;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current}`} className={className}>
      {children}
    </div>
  );
}
