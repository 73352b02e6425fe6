import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { errorOf, fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { staffUser } from "../../../test/fixtures.ts";
import { EditProfileDialog } from "./edit-profile-dialog.tsx";

const STAFF = staffUser({ id: 3, firstName: "Mariyam", lastName: "Naseer", email: "mariyam@example.org" });

const VENDOR = staffUser({
  ...STAFF,
  id: 9,
  companyName: "Reef Supplies",
  contactPerson: "Ali Hameed",
  phone: "+960 7771234",
  role: { id: 5, name: "vendor", displayName: "Vendor" },
});

Deno.test("[profile] Edit Profile: staff see name and email only; a bad email is refused next to it", async () => {
  const api = fakeApi({});
  try {
    await renderInApp(<EditProfileDialog profile={STAFF} open onClose={() => {}} />);
    assert.ok(!screen.queryByLabelText("Company Name"), "vendor fields stay hidden for staff");
    const user = userEvent.setup();
    const email = screen.getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "mariyam@");
    await user.clear(screen.getByLabelText("First Name"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => assert.equal(errorOf(email), "Valid email is required"));
    assert.equal(errorOf(screen.getByLabelText("First Name")), "First name is required");
    assert.deepEqual(api.writes(), []);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[profile] Edit Profile: a vendor edits the company details too, and they are sent", async () => {
  const api = fakeApi({ "PUT /api/users/9/profile": () => VENDOR });
  try {
    await renderInApp(<EditProfileDialog profile={VENDOR} open onClose={() => {}} />);
    const user = userEvent.setup();
    const company = screen.getByLabelText("Company Name");
    await user.clear(company);
    await user.type(company, "Reef Supplies Pvt Ltd");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => assert.equal(api.writes().length, 1));
    const body = api.writes()[0].body as Record<string, string>;
    assert.equal(body.companyName, "Reef Supplies Pvt Ltd");
    assert.equal(body.contactPerson, "Ali Hameed");
    assert.equal(body.email, "mariyam@example.org");
  } finally {
    api.restore();
    cleanup();
  }
});
