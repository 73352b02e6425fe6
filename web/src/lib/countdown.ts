/**
 * "closes in 2 h 15 min": the time left before a live bid's deadline, in at most two units (days
 * and hours, hours and minutes, or minutes), rounded down so it never promises more time than there is.
 */
import type { TFunction } from "i18next";
import { formatNumber } from "./format.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Countdown =
  | { kind: "closed" }
  | { kind: "underMinute" }
  | { kind: "left"; days: number; hours: number; minutes: number };

export function countdown(deadline: number, now: number): Countdown {
  const left = deadline - now;
  if (left <= 0) return { kind: "closed" };
  if (left < MINUTE) return { kind: "underMinute" };
  return {
    kind: "left",
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
  };
}

/** The text of a countdown in the reader's language: "closes in 2 h 15 min", "bidding closed". */
export function countdownText(t: TFunction, lang: string, deadline: number, now: number): string {
  const c = countdown(deadline, now);
  if (c.kind === "closed") return t("history.time.closed");
  if (c.kind === "underMinute") return t("history.time.closesIn", { duration: t("history.time.lessThanMinute") });
  const unit = (key: "days" | "hours" | "minutes", n: number) =>
    t(`history.time.${key}`, { count: formatNumber(n, lang) });
  const parts = c.days > 0
    ? [unit("days", c.days), ...(c.hours > 0 ? [unit("hours", c.hours)] : [])]
    : c.hours > 0
    ? [unit("hours", c.hours), ...(c.minutes > 0 ? [unit("minutes", c.minutes)] : [])]
    : [unit("minutes", c.minutes)];
  return t("history.time.closesIn", { duration: parts.join(" ") });
}

/** How long until the next whole minute of the countdown, so it changes exactly when its text does. */
export function untilNextMinute(deadline: number, now: number): number {
  const left = deadline - now;
  const wait = left % MINUTE;
  return wait > 0 ? wait : MINUTE;
}
