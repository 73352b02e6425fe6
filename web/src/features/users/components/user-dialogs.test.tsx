import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { errorOf, fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { staffUser } from "../../../test/fixtures.ts";
import { AddUserDialog } from "./add-user-dialog.tsx";
import { EditUserDialog } from "./edit-user-dialog.tsx";

const ROLES = [
  { id: 1, name: "admin", displayName: "Administrator" },
  { id: 2, name: "manager", displayName: "Manager" },
  { id: 5, name: "vendor", displayName: "Vendor" },
];

const USER = staffUser({ role: ROLES[1] });

Deno.test("[users] Add User: Create waits for every field, and a bad email is refused next to the field", async () => {
  const api = fakeApi({ "GET /api/roles": () => ROLES, "POST /api/admin/users": () => ({ ...USER, id: 8 }) });
  try {
    await renderInApp(<AddUserDialog open onClose={() => {}} />);
    const user = userEvent.setup();
    const create = screen.getByRole("button", { name: "Create User" }) as HTMLButtonElement;
    assert.equal(create.disabled, true);
    await user.type(screen.getByLabelText("First Name"), "Hassan");
    await user.type(screen.getByLabelText("Last Name"), "Ali");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await waitFor(() => assert.ok(screen.getByRole("option", { name: "Manager" })));
    assert.ok(!screen.queryByRole("option", { name: "Vendor" }), "vendors register themselves");
    await user.selectOptions(screen.getByLabelText("Role"), "2");
    assert.equal(create.disabled, false);
    await user.click(create);
    await waitFor(() => assert.equal(errorOf(screen.getByLabelText("Email")), "Valid email is required"));
    assert.equal(screen.getByLabelText("Email").getAttribute("aria-invalid"), "true");
    assert.deepEqual(api.writes(), []);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[users] Edit User: a blank name and a short new password are shown at their fields, in Spanish too", async () => {
  const api = fakeApi({});
  try {
    await renderInApp(<EditUserDialog user={USER} onClose={() => {}} />, "es");
    const user = userEvent.setup();
    const first = screen.getByDisplayValue("Aisha");
    await user.clear(first);
    const password = document.querySelector("input[type=password]")!;
    await user.type(password, "abc");
    await user.click(screen.getByRole("button", { name: /guardar/i }));
    await waitFor(() => assert.ok(errorOf(first), "the first name's error"));
    assert.doesNotMatch(errorOf(first) ?? "", /First name is required/);
    assert.ok(errorOf(password), "the password's error");
    assert.deepEqual(api.writes(), []);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[users] Edit User: a valid change is sent without the blank password", async () => {
  const api = fakeApi({ "PUT /api/admin/users/7": () => USER });
  try {
    let closed = false;
    await renderInApp(<EditUserDialog user={USER} onClose={() => (closed = true)} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Last Name"));
    await user.type(screen.getByLabelText("Last Name"), "Rasheed");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => assert.equal(api.writes().length, 1));
    const sent = api.writes()[0];
    assert.equal(sent.method, "PUT");
    assert.deepEqual(sent.body, { firstName: "Aisha", lastName: "Rasheed", email: "aisha@example.org" });
    await waitFor(() => assert.ok(closed));
  } finally {
    api.restore();
    cleanup();
  }
});
