import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { staffUser } from "../../../test/fixtures.ts";
import UsersSection from "./users-section.tsx";

const ADMIN = staffUser({ id: 1, role: { id: 1, name: "admin", displayName: "Administrator" } });
const USERS = Array.from(
  { length: 50 },
  (_, i) => staffUser({ id: 100 + i, firstName: `Person${i}`, lastName: "Test", email: `p${i}@example.org` }),
);

Deno.test("[users] Users section: 50 rows appear a few per frame (no frame inserts them all), and every row is shown", async () => {
  const api = fakeApi({
    "GET /api/auth/session": () => ({ ...ADMIN, permissions: [] }),
    "GET /api/roles": () => [ADMIN.role, USERS[0].role],
    "GET /api/admin/users": () => USERS,
  });
  // Row counts as the DOM changes: each MutationObserver callback sees one commit's insertions.
  const counts: number[] = [];
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll("table tbody tr").length;
    if (rows !== counts.at(-1)) counts.push(rows);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  try {
    await renderInApp(<UsersSection />);
    await waitFor(() => assert.equal(document.querySelectorAll("table tbody tr").length, 50), { timeout: 5000 });
    const first = counts.find((n) => n > 0) ?? 0;
    assert.ok(first > 0 && first <= 10, `the first commit showed ${first} rows (counts ${counts.join(", ")})`);
    assert.ok(counts.length >= 5, `rows arrived in ${counts.length} steps: ${counts.join(", ")}`);
    // Every user, in the server's order, once.
    const names = [...document.querySelectorAll("table tbody tr td:first-child span.font-medium")].map((el) =>
      el.textContent?.trim()
    );
    assert.deepEqual(names, USERS.map((u) => `${u.firstName} ${u.lastName}`));
    assert.ok(screen.getByRole("table"));
  } finally {
    observer.disconnect();
    api.restore();
    cleanup();
  }
});
