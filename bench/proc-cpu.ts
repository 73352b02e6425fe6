/**
 * CPU time of processes on this machine, for the benchmarks that report CPU µs per request (a
 * figure that a shared machine's load skews far less than milliseconds or req/s).
 */
import type { Queryable } from "../src/db/types.ts";

/** User + system CPU time of a process so far (all its threads), in clock ticks (1/100 s on Linux). */
export function cpuTicks(pid: number | "self"): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  // The command name in parentheses may hold spaces: the fields start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks so far of the app's PostgreSQL backends (application_name procurement), by pid. */
export async function backendTicks(db: Queryable): Promise<Map<number, number>> {
  const rows = await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where application_name = 'procurement' and pid <> pg_backend_pid()",
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuTicks(pid));
    } catch {
      // gone, or another user's process (a remote database): not counted
    }
  }
  return out;
}
