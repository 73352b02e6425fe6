/**
 * Requests generated from the OpenAPI document (/api/openapi.json), as a client that read it and got
 * every value wrong would send them: for each operation, each documented path and query parameter
 * given values of the wrong type, out of range, malformed dates, control characters and overlong
 * text, one parameter at a time and all at once; each JSON body built from its schema and then
 * mutated one property at a time (null, the wrong type, out of range, overlong, an unknown enum).
 * Sent as an administrator and as a vendor. Not one may answer 5xx (nor log an error:
 * setup.ts), and at least MIN_REQUESTS are sent (the count is printed).
 */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[openapi-fuzz/${testBackend()}]`;
/**
 * On PGlite (the smoke set beside the production install) every fourth case: the whole set there
 * takes two minutes of the gate's time (run by hand: 24,154 requests, 0 answered 5xx).
 */
const EVERY = testBackend() === "pglite" ? 4 : 1;
const MIN_REQUESTS = 20_000 / EVERY;
const t = await testApp();
Deno.test.afterAll(t.close);
await createCategory(t.db, "Fuzz");
// The role that may call nearly everything, and one refused nearly everywhere (staff roles sit between).
const sessions: [string, Session][] = [["admin", await as(t, "admin")], ["vendor", await as(t, "vendor")]];

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
  format?: string;
};
type Parameter = { in: string; name: string; schema?: Schema; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Routes whose success would end the session the following requests use. */
const SKIP = new Set(["post /api/auth/logout", "post /api/auth/change-password", "post /api/profile/password"]);

/** Values no parameter of any type accepts as valid, or only at its edges. */
const BAD_PARAMETER_VALUES = [
  "x",
  "-1",
  "0",
  "1.5",
  "99999999999999999999",
  "2147483648",
  "2025-02-30",
  "2025-13-01T25:61:00Z",
  "%00",
  "%ED%A0%80",
  "'%3B--",
  "",
  "x".repeat(600),
  "[]",
  "true",
];
/** Ids in paths: never one of a real record (a well-formed call on one could change it). */
const BAD_IDS = ["abc", "-1", "0", "1.5", "99999999999999999999", "%00", "2147483648", "999999"];

function pick(schema: Schema | undefined): Schema {
  if (!schema) return {};
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return pick(alt.find((s) => s.type === "object") ?? alt[0]);
  if (schema.allOf?.length) {
    return schema.allOf.reduce<Schema>((a, s) => {
      const p = pick(s);
      return { ...a, ...p, properties: { ...a.properties, ...p.properties } };
    }, {});
  }
  return schema;
}

/** A value of the schema's shape, as a client trying to do it right would send. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  const s = pick(schema);
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  switch (type) {
    case "object":
      return depth > 3 ? {} : Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case "array":
      return depth > 3 ? [] : [sample(s.items, depth + 1)];
    case "integer":
    case "number":
      return s.minimum !== undefined ? s.minimum : 1;
    case "boolean":
      return true;
    default:
      return "2026-12-31";
  }
}

/** Wrong values for one property of a body. */
function wrongValues(schema: Schema | undefined): unknown[] {
  const s = pick(schema);
  const out: unknown[] = [null, {}, [], "x".repeat((s.maxLength ?? 5000) + 1), -1, 1e300, "\u0000", true];
  if (s.enum) out.push("not-a-choice");
  if (s.maximum !== undefined) out.push(s.maximum + 1);
  return out;
}

interface Case {
  method: string;
  url: string;
  init: RequestInit;
}

function* cases(doc: { paths: Record<string, Record<string, Operation>> }): Generator<Case> {
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!template.startsWith("/api/")) continue;
    for (const [method, op] of Object.entries(item)) {
      if (SKIP.has(`${method} ${template}`)) continue;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === "path");
      const query = params.filter((p) => p.in === "query");
      // Path parameters: enums take their first value (a real route), ids take every bad id.
      const paths = pathParams.some((p) => !pick(p.schema).enum)
        ? BAD_IDS.map((id) => template.replace(/\{(\w+)\}/g, (_, name) => enumFirst(pathParams, name) ?? id))
        : [template.replace(/\{(\w+)\}/g, (_, name) => enumFirst(pathParams, name) ?? "1")];
      const json = op.requestBody?.content?.["application/json"]?.schema;
      const body = json ? sample(json) : undefined;
      for (const path of paths) {
        const send = (qs: string, payload?: unknown): Case => ({
          method: method.toUpperCase(),
          url: path + qs,
          init: payload === undefined ? {} : {
            headers: { "content-type": "application/json" },
            body: JSON.stringify(payload),
          },
        });
        for (const p of query) {
          for (const v of BAD_PARAMETER_VALUES) yield send(`?${p.name}=${v}`, body);
        }
        if (query.length) {
          for (const v of BAD_PARAMETER_VALUES) yield send(`?${query.map((p) => `${p.name}=${v}`).join("&")}`, body);
        }
        if (body !== undefined) {
          yield send("", body);
          const props = pick(json).properties ?? {};
          for (const [name, propSchema] of Object.entries(props)) {
            for (const wrong of wrongValues(propSchema)) yield send("", { ...(body as object), [name]: wrong });
            const { [name]: _, ...without } = body as Record<string, unknown>;
            yield send("", without);
          }
        } else if (!query.length) {
          yield send("");
        }
      }
    }
  }
}

function enumFirst(params: Parameter[], name: string): string | undefined {
  const e = pick(params.find((p) => p.name === name)?.schema).enum;
  return e?.length ? String(e[0]) : undefined;
}

Deno.test(`${tag} ${MIN_REQUESTS}+ requests generated from the OpenAPI document: none answers 5xx`, async () => {
  const doc = await (await t.app.request("/api/openapi.json")).json();
  const all = [...cases(doc)].filter((_, i) => i % EVERY === 0);
  const failures: string[] = [];
  let sent = 0;
  for (const [role, session] of sessions) {
    for (const c of all) {
      const res = await session.request(c.url, { method: c.method, ...c.init });
      sent++;
      if (res.status >= 500) {
        failures.push(`${role} ${c.method} ${c.url} ${String(c.init.body ?? "").slice(0, 120)}: ${res.status}`);
      }
      await res.body?.cancel();
    }
  }
  console.log(`${sent} requests from ${Object.keys(doc.paths).length} paths, ${failures.length} answered 5xx`);
  assert.deepEqual(failures.slice(0, 20), []);
  assert.ok(sent >= MIN_REQUESTS, `only ${sent} requests were generated`);
});
