import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { errorOf, fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import VendorRegistrationPage from "./vendor-registration-page.tsx";

const CATEGORIES = [{ id: 1, name: "Office supplies" }, { id: 2, name: "IT equipment" }];

Deno.test("[vendor-registration] each missing field's rule is shown under it and nothing is sent", async () => {
  const api = fakeApi({ "GET /api/categories": () => CATEGORIES });
  try {
    await renderInApp(<VendorRegistrationPage />);
    fireEvent.change(screen.getByLabelText("First Name"), { target: { value: "Ahmed" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ahmed@" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Registration" }));
    await waitFor(() => assert.equal(errorOf(screen.getByLabelText("Email")), "Valid email is required"));
    assert.equal(errorOf(screen.getByLabelText("First Name")), null);
    assert.equal(errorOf(screen.getByLabelText("Last Name")), "Last name is required");
    assert.equal(errorOf(screen.getByLabelText("Company Name")), "Company name is required");
    assert.equal(errorOf(screen.getByLabelText("Phone Number")), "Phone number is required");
    assert.ok(document.body.textContent?.includes("At least one category must be selected"));
    assert.equal(api.writes().length, 0);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[vendor-registration] the rules are shown in Dhivehi for a Dhivehi reader", async () => {
  const api = fakeApi({ "GET /api/categories": () => CATEGORIES });
  try {
    await renderInApp(<VendorRegistrationPage />, "dv");
    fireEvent.click(document.querySelector<HTMLButtonElement>("button[type=submit]")!);
    const first = document.querySelector<HTMLInputElement>("input[autocomplete=given-name]")!;
    await waitFor(() => assert.ok(errorOf(first)));
    assert.notEqual(errorOf(first), "First name is required");
    assert.match(errorOf(first) ?? "", /[\u0780-\u07BF]/, "Thaana script");
  } finally {
    api.restore();
    cleanup();
  }
});
