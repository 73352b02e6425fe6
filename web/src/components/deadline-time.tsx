/**
 * A time that matters (a bid's closing, a quotation's validity): date and time in the reader's time
 * zone with the zone named, and for a live bid the time left ("closes in 2 h 15 min"), updated when
 * the minute shown changes.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdownText, untilNextMinute } from "../lib/countdown.ts";
import { type DateValue, formatDateTime, timeZoneLabel } from "../lib/format.ts";

/** "Dec 2, 2026, 5:00 PM (GMT+5)" as text, for a sentence or a table cell. */
export function useZonedDateTime() {
  const { t, i18n } = useTranslation();
  return (value: DateValue) => {
    const time = formatDateTime(value, i18n.language);
    const zone = timeZoneLabel(value, i18n.language);
    return zone && time !== "-" ? t("history.time.zoned", { time, zone }) : time;
  };
}

/** The current time, moved on each time the countdown to `deadline` changes its minute. */
function useMinuteClock(deadline: number, live: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live || !Number.isFinite(deadline) || deadline <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), untilNextMinute(deadline, now) + 50);
    return () => clearTimeout(timer);
  }, [deadline, live, now]);
  return now;
}

export function DeadlineTime({ value, live = false, className }: {
  value: DateValue;
  /** A bid open for bidding: the countdown is shown beside the time. */
  live?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const zoned = useZonedDateTime();
  const deadline = value ? new Date(value).getTime() : NaN;
  const now = useMinuteClock(deadline, live);
  const iso = Number.isFinite(deadline) ? new Date(deadline).toISOString() : undefined;
  return (
    <span className={className}>
      <time dateTime={iso}>{zoned(value)}</time>
      {live && Number.isFinite(deadline) && deadline > now && (
        <span className="ms-2 badge badge-warning badge-soft badge-sm whitespace-nowrap">
          {countdownText(t, i18n.language, deadline, now)}
        </span>
      )}
    </span>
  );
}
