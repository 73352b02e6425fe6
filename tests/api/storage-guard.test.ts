/**
 * Writes stop before the embedded database's disk is full (src/lib/storage-guard.ts,
 * docs/decisions/022): with the free space under the reserve, an upload answers 507 at once and
 * writes nothing, small writes go on down to a quarter of the reserve, reads always, and /readyz
 * says why it is not ready. The free space is played here; tests/api/full-disk.test.ts fills a real
 * disk.
 */
import assert from "node:assert/strict";
import { StorageGuard } from "../../src/lib/storage-guard.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { createCategory, createUser, TEST_PASSWORD } from "../helpers/users.ts";
import { pdfOf, registrationForm } from "../helpers/registration.ts";

const tag = `[storage-guard/${testBackend()}]`;
const MB = 1024 * 1024;
let free = 1024 * MB;
const guard = new StorageGuard("/data", 100 * MB, () => Promise.resolve(free));
const t = await testApp({ storage: guard });
Deno.test.afterAll(t.close);
const category = await createCategory(t.db, "Storage");
const user = await createUser(t.db, "purchase_team");

const setFree = (bytes: number) => {
  free = bytes;
  guard.forget();
};
const users = async () => (await t.db.query<{ n: number }>("select count(*)::int as n from users"))[0].n;

/** A registration with a 1 MB licence, sent with its length as a browser sends it. */
async function register(n: number) {
  const fd = registrationForm("Disk", n, category, pdfOf(MB));
  const encoded = new Request("http://localhost/", { method: "POST", body: fd });
  const body = new Uint8Array(await encoded.arrayBuffer());
  return await t.app.request("/api/vendor/register", {
    method: "POST",
    body,
    headers: { "content-type": encoded.headers.get("content-type")!, "content-length": String(body.length) },
  });
}

const signIn = () => {
  const body = JSON.stringify({ email: user.email, password: TEST_PASSWORD });
  return t.app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(new TextEncoder().encode(body).length) },
    body,
  });
};

Deno.test(`${tag} under the reserve an upload answers 507 at once and writes nothing; reads and small writes go on`, async () => {
  setFree(1024 * MB);
  await expectJson(await register(1), 201);
  assert.equal((await t.app.request("/readyz")).status, 200);

  // Room for the reserve but not for the upload on top of it.
  setFree(100 * MB + 512 * 1024);
  const before = await users();
  const started = performance.now();
  const res = await register(2);
  const body = await expectError(res, 507, "storage.full");
  assert.ok(performance.now() - started < 1000, "answered at once");
  assert.equal(res.headers.get("retry-after"), "60");
  assert.match(String(body.message), /storage is full, so nothing was saved/);
  assert.equal(await users(), before, "nothing written");

  // Under the reserve: not ready (and says why), sign-in still works, reads too.
  setFree(50 * MB);
  const ready = await t.app.request("/readyz");
  assert.equal(ready.status, 503);
  assert.deepEqual(await ready.json(), {
    status: "storage-full",
    message: "The database's disk is nearly full: uploads are refused (507) until space is freed",
    freeBytes: 50 * MB,
    reserveBytes: 100 * MB,
  });
  await expectJson(await signIn(), 200);
  assert.equal((await t.app.request("/api/categories")).status, 200);

  // Under a quarter of the reserve every write stops; freeing space lets them through again.
  setFree(10 * MB);
  await expectError(await signIn(), 507, "storage.full");
  setFree(1024 * MB);
  await expectJson(await signIn(), 200);
  await expectJson(await register(3), 201);
});
