/**
 * Every audit action the server can write (the AuditAction type and every `action: "..."` literal
 * under src/) has a label in each language, so none shows as a raw code or is missing from the filter.
 */
import assert from "node:assert/strict";
import { KNOWN_AUDIT_ACTIONS } from "./components/action-label.ts";

const LANGS = ["en", "es", "fr", "de", "dv"] as const;
const SRC = new URL("../../../../src/", import.meta.url);

async function serverActions(): Promise<Set<string>> {
  const found = new Set<string>();
  const audit = await Deno.readTextFile(new URL("audit/audit.ts", SRC));
  const union = audit.match(/export type AuditAction =([^;]+);/)?.[1] ?? "";
  for (const m of union.matchAll(/"([A-Z_]+)"/g)) found.add(m[1]);
  const walk = async (dir: URL) => {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isDirectory) await walk(new URL(`${entry.name}/`, dir));
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const text = await Deno.readTextFile(new URL(entry.name, dir));
        for (const m of text.matchAll(/\baction: "([A-Z][A-Z_]+)"/g)) found.add(m[1]);
      }
    }
  };
  await walk(SRC);
  return found;
}

Deno.test("[audit-logs] every action the server writes has a label in all five languages", async () => {
  const actions = await serverActions();
  assert.ok(actions.has("AWARD") && actions.has("UNSEAL"), [...actions].join(", "));
  const missing: string[] = [];
  for (const lang of LANGS) {
    const labels = JSON.parse(await Deno.readTextFile(new URL(`./locales/${lang}.json`, import.meta.url))).actions;
    for (const action of actions) {
      if (typeof labels[action] !== "string" || !labels[action].trim()) missing.push(`${lang}: ${action}`);
    }
  }
  assert.deepEqual(missing, []);
  // The filter offers every known action, recorded yet or not.
  for (const action of actions) assert.ok(KNOWN_AUDIT_ACTIONS.includes(action), action);
});
