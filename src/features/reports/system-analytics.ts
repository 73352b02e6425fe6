/**
 * Admin system analytics: who uses the system (users by role and last sign-in), how
 * sign-ins go (per day, with failures and throttle locks), whether email leaves (outbox by status),
 * and what the data weighs (files by purpose, database size).
 *
 * Of the shared report filter only the date range applies, to sign-ins and to the outbox (messages
 * created in the range); users, files and the database size are as of now. Without a range the
 * last 30 days are shown; a range longer than MAX_DAYS keeps its last MAX_DAYS days (`truncated`).
 */
import type { Queryable } from "../../db/types.ts";
import type { Filter } from "./queries.ts";
import * as q from "./system-queries.ts";

export const MAX_DAYS = 731;

export async function systemAnalytics(db: Queryable, f: Filter) {
  const range = await q.resolveRange(db, f.from, f.to, f.timeZone, MAX_DAYS);
  const [roles, signIns, outbox, files, databaseBytes] = await Promise.all([
    q.usersByRole(db, f.timeZone),
    q.signInsByDay(db, range.from, range.to, f.timeZone),
    q.outboxByStatus(db, range.from, range.to, f.timeZone),
    q.storage(db),
    q.databaseSize(db),
  ]);

  const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const byActivity = q.ACTIVITY.map((activity) => ({ activity, users: sum(roles, (r) => r[activity]) }));
  const outboxCount = (status: string) => outbox.find((r) => r.status === status)?.count ?? 0;
  const byPurpose = q.FILE_PURPOSES.map((purpose) => {
    const rows = files.filter((r) => r.purpose === purpose);
    return { purpose, files: sum(rows, (r) => r.files), bytes: sum(rows, (r) => r.bytes) };
  });
  const where = (storage: string) => sum(files.filter((r) => r.storage === storage), (r) => r.bytes);

  return {
    range: { ...range, timeZone: f.timeZone },
    users: {
      total: sum(roles, (r) => r.users),
      inactive: sum(roles, (r) => r.inactive),
      byRole: roles,
      byActivity,
    },
    signIns: {
      total: {
        succeeded: sum(signIns, (r) => r.succeeded),
        failed: sum(signIns, (r) => r.failed),
        lockouts: sum(signIns, (r) => r.lockouts),
      },
      byDay: signIns,
    },
    outbox: {
      // delivered: accepted by the provider; kept: no provider configured, readable in the outbox;
      // pending: waiting or being sent; failed: gave up (resendable)
      delivered: outboxCount("sent"),
      kept: outboxCount("logged"),
      pending: outboxCount("pending") + outboxCount("sending"),
      failed: outboxCount("failed"),
      byStatus: q.OUTBOX_STATUSES.map((status) => ({ status, count: outboxCount(status) })),
    },
    storage: {
      files: sum(byPurpose, (r) => r.files),
      bytes: sum(byPurpose, (r) => r.bytes),
      databaseBytes: where("db"),
      objectStorageBytes: where("s3"),
      byPurpose,
    },
    database: { bytes: databaseBytes },
  };
}

export type SystemAnalytics = Awaited<ReturnType<typeof systemAnalytics>>;

/** The analytics as CSV lines (section, key, measure, value), header first. */
export function systemAnalyticsLines(a: SystemAnalytics): unknown[][] {
  return [
    ["section", "key", "measure", "value"],
    ["range", "from", "day", a.range.from],
    ["range", "to", "day", a.range.to],
    ...a.users.byRole.flatMap((r) => [
      ["users", r.role, "total", r.users],
      ["users", r.role, "inactive", r.inactive],
      ...q.ACTIVITY.map((k) => ["users", r.role, k, r[k]]),
    ]),
    ...a.users.byActivity.map((r) => ["users", "all", r.activity, r.users]),
    ...a.signIns.byDay.flatMap((r) => [
      ["signIns", r.day, "succeeded", r.succeeded],
      ["signIns", r.day, "failed", r.failed],
      ["signIns", r.day, "lockouts", r.lockouts],
    ]),
    ...a.outbox.byStatus.map((r) => ["outbox", r.status, "messages", r.count]),
    ...a.storage.byPurpose.flatMap((r) => [
      ["storage", r.purpose, "files", r.files],
      ["storage", r.purpose, "bytes", r.bytes],
    ]),
    ["storage", "all", "files", a.storage.files],
    ["storage", "all", "bytes", a.storage.bytes],
    ["database", "size", "bytes", a.database.bytes],
  ];
}
