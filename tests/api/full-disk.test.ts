/**
 * A real full disk under the embedded database (docs/decisions/022): the server runs with DATA_DIR
 * on a small tmpfs, vendors register with 9 MB licences until the disk's reserve is reached; from
 * then on uploads answer 507 at once (never a 500, never a hang), reads and /healthz answer, /readyz
 * reports storage-full, and SIGTERM ends the process within the shutdown grace. Before the guard, the
 * write that found the disk full answered 500 and left the server unable to answer or stop.
 *
 * Mounting a tmpfs needs root (CI runs as root); elsewhere the test is skipped.
 */
import assert from "node:assert/strict";
import { startServer } from "../e2e/helpers.ts";
import { testBackend } from "../helpers/db.ts";
import { registrationForm } from "../helpers/registration.ts";

const tag = `[full-disk/${testBackend()}]`;

async function mountTmpfs(dir: string, size: string): Promise<boolean> {
  if (Deno.build.os !== "linux" || Deno.uid() !== 0) return false;
  try {
    const out = await new Deno.Command("mount", { args: ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir] }).output();
    return out.success;
  } catch {
    return false;
  }
}

const probe = await Deno.makeTempDir({ prefix: "full-disk-probe-" });
const canMount = await mountTmpfs(probe, "1m");
if (canMount) await new Deno.Command("umount", { args: [probe] }).output();
await Deno.remove(probe);

Deno.test({
  name: `${tag} on a real full disk uploads answer 507 at once, reads go on, /readyz says why, SIGTERM stops it`,
  ignore: !canMount,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "full-disk-" });
    assert.ok(await mountTmpfs(dir, "150m"));
    const server = await startServer({
      DATA_DIR: `${dir}/data`,
      LOG_LEVEL: "error",
      STORAGE_RESERVE_MB: "40",
      SHUTDOWN_TIMEOUT_MS: "3000",
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000",
      OCR_WORKERS: "0",
    });
    const base = server.url;
    try {
      const categories = await (await fetch(`${base}/api/categories`)).json() as { id: number }[];
      const licence = new Uint8Array(9 * 1024 * 1024);
      for (let at = 0; at < licence.length; at += 65536) crypto.getRandomValues(licence.subarray(at, at + 65536));
      licence.set(new TextEncoder().encode("%PDF-1.4\n"));

      const statuses: number[] = [];
      for (let i = 0; i < 12 && !statuses.includes(507); i++) {
        const fd = registrationForm("Disk", i, categories[0].id, licence);
        const started = performance.now();
        const res = await fetch(`${base}/api/vendor/register`, {
          method: "POST",
          body: fd,
          headers: { origin: base },
          signal: AbortSignal.timeout(60_000),
        });
        const body = await res.json();
        statuses.push(res.status);
        assert.ok([201, 507].includes(res.status), `registration ${i}: ${res.status} ${JSON.stringify(body)}`);
        if (res.status === 507) {
          assert.equal(body.code, "storage.full");
          assert.ok(performance.now() - started < 5000, "refused at once");
        }
      }
      assert.ok(statuses.filter((s) => s === 201).length >= 2, `some fit first: ${statuses}`);
      assert.equal(statuses.at(-1), 507, `the disk's reserve was reached: ${statuses}`);

      const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) });
      assert.equal(ready.status, 503);
      assert.equal((await ready.json()).status, "storage-full");
      const read = await fetch(`${base}/api/categories`, { signal: AbortSignal.timeout(5000) });
      assert.equal(read.status, 200);
      await read.body?.cancel();
      assert.equal((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })).status, 200);

      const stopping = performance.now();
      const status = await server.stop();
      assert.equal(status.code, 0, `exit code ${status.code} (143 or 137: it had to be killed)`);
      assert.ok(performance.now() - stopping < 8000, "SIGTERM ended it within the grace (3 s) and 5 s more");
      assert.deepEqual(server.errors(), [], "nothing logged as an error");
    } finally {
      await server.stop();
      await new Deno.Command("umount", { args: [dir] }).output();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
