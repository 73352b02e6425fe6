import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { renderInApp } from "../../../test/render.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";

const errorOf = (label: string | RegExp) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith("-error"))?.textContent ?? null;
};

Deno.test("[password-change] the form shows each field's rule next to it, in the interface language", async () => {
  try {
    await renderInApp(<ChangePasswordForm userId={1} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New Password"), "abc");
    await user.type(screen.getByLabelText("Confirm New Password"), "abd");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await waitFor(() => assert.equal(errorOf("Current Password"), "Current password is required"));
    assert.match(errorOf("New Password") ?? "", /at least 6 characters/i);
    assert.equal(errorOf("Confirm New Password"), "Passwords do not match");
  } finally {
    cleanup();
  }
});

Deno.test("[password-change] errors are translated: German labels and messages", async () => {
  try {
    await renderInApp(<ChangePasswordForm userId={1} />, "de");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
    await waitFor(() => assert.ok(document.querySelector("[aria-invalid=true]"), "a field is marked invalid"));
    const invalid = [...document.querySelectorAll("[aria-invalid=true]")];
    assert.ok(invalid.length >= 1);
    assert.doesNotMatch(document.body.textContent ?? "", /Current password is required/);
  } finally {
    cleanup();
  }
});
