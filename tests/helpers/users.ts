/**
 * Accounts and signed-in requests for API tests. Users are inserted directly (fast, no audit noise);
 * sessions come from the real sign-in endpoints, so the cookie is exactly what a browser gets.
 */
import { hashPassword } from "../../src/auth/password.ts";
import type { Queryable } from "../../src/db/types.ts";
import type { RoleName } from "../../src/shared/roles.ts";
import { ROLES } from "../../src/shared/roles.ts";
import type { TestApp } from "./app.ts";

export const TEST_PASSWORD = "secret123";
let hashed: Promise<string> | undefined;
let counter = 0;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: RoleName;
}

/** Inserts an active user (vendors get an approved vendor profile unless `vendorStatus` says otherwise). */
export async function createUser(
  db: Queryable,
  role: RoleName,
  opts: {
    email?: string;
    username?: string;
    password?: string;
    active?: boolean;
    vendorStatus?: "pending" | "approved" | "rejected";
    categoryIds?: number[];
  } = {},
): Promise<TestUser> {
  const password = opts.password ?? TEST_PASSWORD;
  const hash = opts.password ? await hashPassword(password) : await (hashed ??= hashPassword(TEST_PASSWORD));
  const email = (opts.email ?? `${role}.${++counter}.${crypto.randomUUID().slice(0, 8)}@test.example`).toLowerCase();
  const roleId = ROLES.find((r) => r.name === role)!.id;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into users (role_id, email, username, password_hash, first_name, last_name, is_active)
     values ($1, $2, $3, $4, 'Test', $5, $6) returning id`,
    [roleId, email, opts.username ?? null, hash, role, opts.active ?? true],
  );
  if (role === "vendor") {
    await db.query(
      `insert into vendor_profiles (user_id, company_name, contact_person, phone, status)
       values ($1, $2, 'Contact Person', '+1 555 0100', $3)`,
      [id, `Vendor Co ${id}`, opts.vendorStatus ?? "approved"],
    );
    for (const c of opts.categoryIds ?? []) {
      await db.query("insert into vendor_categories (vendor_id, category_id) values ($1, $2)", [id, c]);
    }
  }
  return { id, email, password, role };
}

/** Inserts a category and returns its id. */
export async function createCategory(db: Queryable, name = `Category ${crypto.randomUUID().slice(0, 8)}`) {
  const [{ id }] = await db.query<{ id: number }>("insert into categories (name) values ($1) returning id", [name]);
  return id;
}

export interface Session {
  user: TestUser;
  cookie: string;
  /** A request with this session's cookie; `json` is sent as the body with the JSON content type. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

export function sessionRequest(t: TestApp, cookie: string) {
  return async (path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> => {
    const { json, headers, ...rest } = init;
    const h = new Headers(headers);
    if (cookie) h.set("cookie", cookie);
    if (json !== undefined) h.set("content-type", "application/json");
    return await t.app.request(path, {
      ...rest,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
}

/** Signs in through POST /api/auth/login and returns the session. */
export async function signIn(t: TestApp, user: TestUser): Promise<Session> {
  const res = await t.app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  return { user, cookie, request: sessionRequest(t, cookie) };
}

/** A new user of the role, signed in. */
export async function as(t: TestApp, role: RoleName, opts: Parameters<typeof createUser>[2] = {}): Promise<Session> {
  return await signIn(t, await createUser(t.db, role, opts));
}
