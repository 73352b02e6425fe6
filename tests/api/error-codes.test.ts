/**
 * Refusals answer a specific, stable code (and its params) beside the unchanged English message,
 * so the SPA can show them in the user's language (docs/decisions/006-error-codes.md).
 */
import assert from "node:assert/strict";
import { errorText } from "../../src/shared/error-codes.ts";
import { expectError, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[errors/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(() => t.close());

const admin = await as(t, "admin");

Deno.test(`${tag} PUT /api/admin/users/:id/status on your own account answers users.cannotDeactivateSelf`, async () => {
  const res = await admin.request(`/api/admin/users/${admin.user.id}/status`, {
    method: "PUT",
    json: { isActive: false },
  });
  const body = await expectError(res, 409, "users.cannotDeactivateSelf");
  assert.equal(body.message, "You cannot deactivate your own account");
});

Deno.test(`${tag} POST /api/categories with a taken name answers categories.duplicateName`, async () => {
  const name = `Dup ${crypto.randomUUID().slice(0, 8)}`;
  await expectJsonOk(await admin.request("/api/categories", { method: "POST", json: { name } }));
  const res = await admin.request("/api/categories", { method: "POST", json: { name } });
  const body = await expectError(res, 409, "categories.duplicateName");
  assert.equal(body.message, errorText("categories.duplicateName"));
});

Deno.test(`${tag} a missing permission answers generic.missingPermission with the permission as param`, async () => {
  const vendor = await as(t, "vendor");
  const res = await vendor.request("/api/categories", { method: "POST", json: { name: "Nope" } });
  const body = await expectError(res, 403, "generic.missingPermission");
  assert.equal(typeof body.params?.permission, "string");
  assert.equal(body.message, `You do not have permission to do this (${body.params?.permission})`);
});

Deno.test(`${tag} a schema refusal answers generic.validation with the schema's message as param`, async () => {
  const res = await admin.request("/api/categories", { method: "POST", json: { name: "" } });
  const body = await expectError(res, 400, "generic.validation");
  assert.ok(body.message);
  assert.deepEqual(body.params, { message: body.message });
});

async function expectJsonOk(res: Response) {
  const text = await res.text();
  assert.ok(res.status === 200 || res.status === 201, `expected success, got ${res.status}: ${text}`);
}
