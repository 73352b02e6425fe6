import assert from "node:assert/strict";
import { ConfigError, parseConfig } from "./config.ts";

const PROD = {
  NODE_ENV: "production",
  JWT_SECRET: "s".repeat(32),
  SEALED_BID_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(1))),
  DATABASE_URL: "postgres://app@db:5432/app",
};

Deno.test("[config] defaults: port 8000, embedded database under ./data, pool 10, demo seed on", () => {
  const c = parseConfig({});
  assert.equal(c.env, "development");
  assert.equal(c.port, 8000);
  assert.equal(c.host, "0.0.0.0");
  assert.equal(c.databaseUrl, undefined);
  assert.equal(c.poolMax, 10);
  assert.equal(c.dataDir, "./data");
  assert.equal(c.seedDemo, true);
  assert.equal(c.logLevel, "info");
  assert.equal(c.trustProxy, false);
  assert.equal(c.shutdownTimeoutMs, 10_000);
});

Deno.test("[config] empty strings count as unset", () => {
  assert.equal(parseConfig({ PORT: "", DATABASE_URL: "" }).port, 8000);
  assert.equal(parseConfig({ DATABASE_URL: "" }).databaseUrl, undefined);
});

Deno.test("[config] values are parsed and normalised", () => {
  const c = parseConfig({
    PORT: "3000",
    DATABASE_URL: "postgresql://u@h/db",
    DATABASE_POOL_MAX: "4",
    TRUST_PROXY: "1",
    SEED_DEMO: "false",
    PUBLIC_URL: "https://buy.example.com/",
  });
  assert.equal(c.port, 3000);
  assert.equal(c.databaseUrl, "postgresql://u@h/db");
  assert.equal(c.poolMax, 4);
  assert.equal(c.trustProxy, true);
  assert.equal(c.seedDemo, false);
  assert.equal(c.publicUrl, "https://buy.example.com");
});

for (
  const [name, value] of [
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_POOL_MAX", "0"],
    ["JWT_SECRET", "short"],
    ["SEALED_BID_KEY", "not-base64"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "yes"],
    ["PUBLIC_URL", "not a url"],
  ] as const
) {
  Deno.test(`[config] ${name}=${value} is refused with one line naming ${name}`, () => {
    assert.throws(() => parseConfig({ [name]: value }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, new RegExp(`^Invalid configuration: ${name}: `));
      assert.ok(!e.message.includes("\n"), "one line");
      return true;
    });
  });
}

Deno.test("[config] production requires JWT_SECRET, SEALED_BID_KEY and DATABASE_URL", () => {
  assert.equal(parseConfig(PROD).env, "production");
  for (const key of ["JWT_SECRET", "SEALED_BID_KEY", "DATABASE_URL"] as const) {
    const env: Record<string, string> = { ...PROD };
    delete env[key];
    assert.throws(() => parseConfig(env), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(e.message, `Invalid configuration: ${key}: required when NODE_ENV=production`);
      return true;
    });
  }
});

Deno.test("[config] production does not seed demo data unless asked", () => {
  assert.equal(parseConfig(PROD).seedDemo, false);
  assert.equal(parseConfig({ ...PROD, SEED_DEMO: "true" }).seedDemo, true);
});
