import "../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, render, screen } from "@testing-library/react";
import { FormField } from "./form-field.tsx";

Deno.test("[components] FormField ties the label, hint and error to its control", () => {
  try {
    render(
      <FormField label="Quantity" hint="Whole units" error="Must be above 0">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText("Quantity");
    assert.equal(input.getAttribute("aria-invalid"), "true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) =>
      document.getElementById(id)?.textContent
    );
    assert.deepEqual(described, ["Whole units", "Must be above 0"]);
  } finally {
    cleanup();
  }
});
