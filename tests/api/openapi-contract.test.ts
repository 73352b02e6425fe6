/**
 * The OpenAPI document is a contract: every /api route declares its success
 * answer and the error answers it can give, with the real error body. The API tests check real
 * answers against it (tests/helpers/contract.ts); this file checks the declarations themselves and
 * that the check catches a drifting route.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { routers } from "../../src/app.ts";
import { allow, publicRoute } from "../../src/auth/guard.ts";
import { answers, errorBodySchema, openapiPath, routeContracts } from "../../src/lib/api-contract.ts";
import type { AppEnv } from "../../src/lib/deps.ts";
import { Conflict } from "../../src/lib/errors.ts";
import { errorHandler } from "../../src/lib/error-handler.ts";
import { buildOpenApi } from "../../src/lib/openapi.ts";
import { validate } from "../../src/lib/validate.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { checkAnswer } from "../helpers/contract.ts";

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  requestBody?: unknown;
};
type Spec = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

const app = new Hono<AppEnv>();
for (const r of routers) app.route("/", r);

Deno.test("[openapi] every route declares a success answer with a schema or media type", () => {
  const problems: string[] = [];
  for (const [key, facts] of routeContracts(app.routes)) {
    const status = facts.contract.status ?? 200;
    if (!facts.contract.ok && status !== 204 && status !== 302) problems.push(`${key}: no success schema`);
  }
  assert.deepEqual(problems, [], `routes without a success answer:\n${problems.join("\n")}`);
});

Deno.test("[openapi] every operation of the document has its success and error answers with the real error body", async () => {
  const spec = (await buildOpenApi(app, "test")) as unknown as Spec;
  const problems: string[] = [];
  const facts = routeContracts(app.routes);
  assert.ok(facts.size > 80, `only ${facts.size} routes found`);
  for (const [key, f] of facts) {
    const op = spec.paths[openapiPath(f.path)]?.[f.method.toLowerCase()];
    if (!op) {
      problems.push(`${key}: not in the document`);
      continue;
    }
    const responses = op.responses ?? {};
    for (const [status, answer] of answers(f)) {
      const documented = responses[String(status)];
      if (!documented) problems.push(`${key}: ${status} missing`);
      else if (answer.schema === errorBodySchema) {
        const ref = documented.content?.["application/json"]?.schema?.$ref;
        if (ref !== "#/components/schemas/Error") problems.push(`${key}: ${status} without the Error schema`);
      } else {
        for (const media of [answer.media ?? []].flat()) {
          if (!documented.content?.[media]?.schema) problems.push(`${key}: ${status} without a ${media} schema`);
        }
      }
    }
    if (!f.isPublic && (!responses["401"] || !responses["403"])) problems.push(`${key}: no 401/403`);
    if (f.validates && !responses["400"]) problems.push(`${key}: validates input but documents no 400`);
    if (f.path.includes("/:") && !responses["404"]) problems.push(`${key}: has an id but documents no 404`);
    for (const [status, r] of Object.entries(responses)) {
      // hono-openapi's default validation answer ({success, error, data}) is not what the API sends.
      const schema = JSON.stringify(r.content ?? {});
      if (schema.includes('"success"')) problems.push(`${key}: ${status} shows a body the API never answers`);
    }
    if ((f.contract.body || f.contract.multipart) && !op.requestBody) problems.push(`${key}: body not documented`);
  }
  assert.deepEqual(problems, [], problems.join("\n"));
  const error = spec.components?.schemas?.Error as { properties?: Record<string, unknown>; required?: string[] };
  assert.deepEqual(Object.keys(error.properties ?? {}).sort(), ["code", "issues", "message", "params"]);
  assert.deepEqual(error.required?.sort(), ["code", "message"]);
});

Deno.test("[openapi] multipart uploads document their file fields as binary", async () => {
  const spec = (await buildOpenApi(app, "test")) as unknown as Spec;
  const text = JSON.stringify(spec.paths["/api/organisation/logo"]?.post?.requestBody ?? {});
  assert.match(text, /multipart\/form-data/);
  assert.match(text, /"format":"binary"/);
});

/** A small app with the real guard, validator and error handler, whose routes break their contract. */
function drifting() {
  const ok = z.object({ id: z.number() });
  const a = new Hono<AppEnv>()
    .post(
      "/api/drift/:id",
      publicRoute({ tags: ["t"], summary: "declares no 409", ok }),
      validate("param", z.object({ id: z.coerce.number() })),
      (c) => {
        if (c.req.valid("param").id === 1) throw new Conflict("input.duplicate");
        if (c.req.valid("param").id === 2) return c.json({ id: "two" });
        return c.json({ id: 3 });
      },
    )
    .get(
      "/api/drift-declared",
      allow("users.view", { tags: ["t"], summary: "declares 409", ok, errors: [409] }),
      () => {
        throw new Conflict("input.duplicate");
      },
    );
  a.onError(errorHandler);
  return a;
}

Deno.test("[openapi] an answer with an undocumented status or a body its schema refuses fails the test that got it", async () => {
  const a = drifting();
  const call = async (path: string) => {
    const res = await a.request(path, { method: "POST" });
    await checkAnswer(a, "POST", path, res);
    return res;
  };
  await assert.rejects(
    call("/api/drift/1"),
    /POST \/api\/drift\/:id answered 409, which its contract does not declare/,
  );
  await assert.rejects(call("/api/drift/2"), /answered 200 with a body its documented schema refuses: at "id"/);
  assert.equal((await call("/api/drift/3")).status, 200);
  assert.equal((await call("/api/drift/x")).status, 400); // validates: 400 documented
  const declared = await a.request("/api/drift-declared");
  await checkAnswer(a, "GET", "/api/drift-declared", declared); // 401 documented (not public)
  assert.equal(declared.status, 401);
});

Deno.test("[openapi] the test app checks every answer: a real route's documented status passes", async () => {
  const t = await testApp();
  try {
    // 401 is documented for every non-public route; a checked call passes through unchanged.
    const res = await t.app.request("/api/admin/users");
    assert.equal(res.status, 401);
    const spec = await expectJson<Spec & { openapi: string }>(await t.app.request("/api/openapi.json"), 200);
    assert.equal(spec.openapi, "3.1.0");
  } finally {
    await t.close();
  }
});
