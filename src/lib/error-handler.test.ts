import assert from "node:assert/strict";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { AppEnv, Deps } from "./deps.ts";
import { errorHandler } from "./error-handler.ts";
import { BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized } from "./errors.ts";
import { requestLog } from "./request-log.ts";
import type { Logger } from "./logger.ts";

type Line = { level: string; msg: string; fields?: Record<string, unknown> };

function appThrowing(error: unknown) {
  const lines: Line[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, msg, fields });
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  const app = new Hono<AppEnv>();
  app.use(
    "*",
    async (c, next) => {
      c.set("deps", { logger } as unknown as Deps);
      await next();
    },
    requestId(),
    requestLog,
  );
  app.onError(errorHandler);
  app.get("/boom", () => {
    throw error;
  });
  app.post("/json", async (c) => c.json(await c.req.json()));
  return { app, lines };
}

const cases: [string, unknown, number, Record<string, unknown>][] = [
  [
    "BadRequest with issues",
    new BadRequest("generic.validation", [{ path: "title", message: "Title is required" }], {
      message: "Title is required",
    }),
    400,
    {
      message: "Title is required",
      code: "generic.validation",
      params: { message: "Title is required" },
      issues: [{ path: "title", message: "Title is required" }],
    },
  ],
  ["BadRequest without issues", new BadRequest("generic.badRequest"), 400, {
    message: "The request is not valid",
    code: "generic.badRequest",
  }],
  ["Unauthorized", new Unauthorized(), 401, { message: "Unauthorized", code: "generic.unauthorized" }],
  [
    "Forbidden with extra and params",
    new Forbidden("generic.missingPermission", { requiredPermission: "users.create" }, { permission: "users.create" }),
    403,
    {
      message: "You do not have permission to do this (users.create)",
      code: "generic.missingPermission",
      params: { permission: "users.create" },
      requiredPermission: "users.create",
    },
  ],
  ["NotFound", new NotFound("purchaseRequests.notFound"), 404, {
    message: "Purchase request not found",
    code: "purchaseRequests.notFound",
  }],
  ["Conflict", new Conflict("purchaseRequests.alreadyApproved"), 409, {
    message: "You have already approved this request",
    code: "purchaseRequests.alreadyApproved",
  }],
  ["Conflict with a code and params", new Conflict("generic.validation", { message: "Deadline passed" }), 409, {
    message: "Deadline passed",
    code: "generic.validation",
    params: { message: "Deadline passed" },
  }],
  ["PayloadTooLarge", new PayloadTooLarge(), 413, {
    message: "Request body is too large",
    code: "generic.payloadTooLarge",
  }],
];

for (const [name, error, status, body] of cases) {
  Deno.test(`[errors] ${name} becomes ${status} ${JSON.stringify(body)}`, async () => {
    const { app, lines } = appThrowing(error);
    const res = await app.request("/boom");
    assert.equal(res.status, status);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(await res.json(), body);
    assert.equal(lines.filter((l) => l.level === "error").length, 0, "expected errors are not logged as errors");
  });
}

Deno.test("[errors] TooManyRequests sets Retry-After", async () => {
  const { app } = appThrowing(new TooManyRequests("auth.tooManyAttempts", 120));
  const res = await app.request("/boom");
  assert.equal(res.status, 429);
  assert.equal(res.headers.get("retry-after"), "120");
  assert.deepEqual(await res.json(), {
    message: "Too many failed sign-in attempts. Try again later.",
    code: "auth.tooManyAttempts",
  });
});

Deno.test("[errors] an unexpected error is a 500 without details, logged with the request id", async () => {
  const secret = new Error('relation "users" does not exist: select password_hash from users');
  const { app, lines } = appThrowing(secret);
  const res = await app.request("/boom", { headers: { "x-request-id": "req-42" } });
  assert.equal(res.status, 500);
  const text = await res.text();
  assert.deepEqual(JSON.parse(text), {
    message: "Internal server error",
    code: "generic.internal",
    requestId: "req-42",
  });
  assert.doesNotMatch(text, /password_hash|relation|at /);
  const logged = lines.find((l) => l.level === "error");
  assert.ok(logged, "the 500 is logged");
  assert.equal(logged.fields?.requestId, "req-42");
  assert.match(String(logged.fields?.error), /does not exist/);
  assert.equal(res.headers.get("x-request-id"), "req-42");
});

Deno.test("[errors] malformed JSON in a body is a 400 with a plain message", async () => {
  const { app, lines } = appThrowing(null);
  const res = await app.request("/json", {
    method: "POST",
    body: "{nope",
    headers: { "content-type": "application/json" },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { message: "Malformed JSON body", code: "generic.malformedJson" });
  assert.equal(lines.filter((l) => l.level === "error").length, 0);
});
