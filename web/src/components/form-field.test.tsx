import "../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FormField, NumberField, SelectField, TextareaField, TextField } from "./form-field.tsx";

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

Deno.test("[components] NumberField and SelectField label their control and pass its props through", () => {
  try {
    let typed = "";
    render(
      <>
        <NumberField label="Price" step={0.01} min={0} name="price" onChange={(e) => typed = e.target.value} />
        <SelectField label="Quarter" className="sm:col-span-2" defaultValue="2">
          <option value="1">Q1</option>
          <option value="2">Q2</option>
        </SelectField>
      </>,
    );
    const price = screen.getByLabelText("Price") as HTMLInputElement;
    assert.equal(price.type, "number");
    assert.equal(price.getAttribute("inputmode"), "decimal");
    assert.equal(price.name, "price");
    fireEvent.change(price, { target: { value: "2.5" } });
    assert.equal(typed, "2.5");
    const quarter = screen.getByLabelText("Quarter") as HTMLSelectElement;
    assert.equal(quarter.value, "2");
    assert.ok(quarter.parentElement?.className.includes("sm:col-span-2"));
  } finally {
    cleanup();
  }
});

Deno.test("[components] FormField keeps a control's own invalid state and announces an error when asked", () => {
  try {
    render(
      <>
        <TextField label="Notes" aria-invalid />
        <TextareaField label="Reason" error="Say why" announce />
      </>,
    );
    assert.equal(screen.getByLabelText("Notes").getAttribute("aria-invalid"), "true");
    assert.equal(screen.getByRole("alert").textContent, "Say why");
    assert.equal(screen.getByLabelText("Reason").getAttribute("aria-invalid"), "true");
  } finally {
    cleanup();
  }
});
