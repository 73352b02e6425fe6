import "../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { errorOf } from "../../test/fake-api.ts";
import { renderInApp } from "../../test/render.tsx";
import { ItemFields, type ItemFieldValues, ItemRows } from "../item-fields.tsx";
import { useStepValidation, useWizard } from "./use-wizard.ts";
import { WizardDialog } from "./wizard-dialog.tsx";

const schema = z.object({
  title: z.string().min(1, "Title is required"),
  items: z.array(z.object({
    itemName: z.string().min(1, "Item name is required"),
    quantity: z.coerce.number().int().min(1, "Quantity must be at least 1"),
  })).min(1),
});

const EMPTY: ItemFieldValues = { itemName: "", quantity: "1", unit: "pcs", specification: "", estimatedPrice: "0" };
type Values = { title: string; items: ItemFieldValues[] };
const STEPS = ["details", "items", "review"] as const;
const LABELS = {
  name: "Item Name",
  quantity: "Quantity",
  unit: "Unit",
  specification: "Specification",
  estimatedPrice: "Price",
  lineTotal: "Line Total",
};

function Harness({ onSent }: { onSent: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { title: "", items: [{ ...EMPTY }, { ...EMPTY }] } });
  const rows = useFieldArray({ control: form.control, name: "items" });
  const wizard = useWizard(STEPS);
  const validation = useStepValidation({
    wizard,
    values: form.watch(),
    parse: (values: Values) => schema.safeParse(values),
    stepOf: (field) => field === "title" ? "details" : "items",
    message: (text) => text,
    toastTitle: "Validation Error",
  });
  return (
    <WizardDialog
      wizard={wizard}
      title="New thing"
      label="Steps"
      stepLabel={(step) => step.toUpperCase()}
      previousLabel="Previous"
      nextLabel="Next"
      pending={false}
      banner={validation.banner}
      onClose={() => {}}
      finish={() => (
        <button
          type="button"
          onClick={() => validation.check(form.getValues()) && onSent(form.getValues())}
        >
          Send
        </button>
      )}
    >
      {(step) => (
        <>
          {step === "details" && (
            <label>
              Title <input {...form.register("title")} />
            </label>
          )}
          {step === "items" && (
            <ItemRows
              keys={rows.fields.map((f) => f.id)}
              labels={{
                legend: (n) => `Item ${n}`,
                remove: "Remove",
                removeNamed: (n) => `Remove item ${n}`,
                add: "Add item",
              }}
              onAdd={() => rows.append({ ...EMPTY })}
              onRemove={rows.remove}
            >
              {(index) => (
                <ItemFields
                  register={form.register}
                  index={index}
                  item={EMPTY}
                  labels={LABELS}
                  errors={validation.itemErrors[index]}
                />
              )}
            </ItemRows>
          )}
          {step === "review" && <p>All set?</p>}
        </>
      )}
    </WizardDialog>
  );
}

const selected = () => screen.getByRole("tab", { selected: true }).textContent;
const row = (n: number) => screen.getByRole("group", { name: `Item ${n}` });

Deno.test("[components] WizardDialog: Next and Previous walk the steps; the last step shows the caller's buttons", async () => {
  try {
    await renderInApp(<Harness onSent={() => {}} />);
    assert.equal(selected(), "DETAILS");
    assert.equal((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled, true);
    assert.ok(!screen.queryByRole("button", { name: "Send" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    assert.equal(selected(), "ITEMS");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    assert.equal(selected(), "REVIEW");
    assert.ok(!screen.queryByRole("button", { name: "Next" }));
    assert.ok(screen.getByRole("button", { name: "Send" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    assert.equal(selected(), "ITEMS");
    // Enter in a field (the form's submit) moves on too.
    fireEvent.submit(screen.getByLabelText("Title").closest("form")!);
    assert.equal(selected(), "REVIEW");
  } finally {
    cleanup();
  }
});

Deno.test("[components] WizardDialog: a failed check opens the failing step; an item row's error sits at that row's field", async () => {
  try {
    const sent: Values[] = [];
    await renderInApp(<Harness onSent={(v) => sent.push(v)} />);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Chairs" } });
    fireEvent.click(screen.getByRole("tab", { name: "REVIEW" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => assert.equal(selected(), "ITEMS"));
    assert.equal(screen.getByRole("alert").textContent, "Item name is required");
    const first = within(row(1)).getByLabelText("Item Name *");
    const second = within(row(2)).getByLabelText("Item Name *");
    assert.equal(errorOf(first), "Item name is required");
    assert.equal(errorOf(second), "Item name is required");
    fireEvent.change(first, { target: { value: "Desk chair" } });
    fireEvent.change(second, { target: { value: "Stool" } });
    fireEvent.change(within(row(2)).getByLabelText("Quantity *"), { target: { value: "0" } });
    await waitFor(() =>
      assert.equal(errorOf(within(row(2)).getByLabelText("Quantity *")), "Quantity must be at least 1")
    );
    assert.equal(errorOf(within(row(1)).getByLabelText("Quantity *")), null, "the other row stays clean");
    assert.equal(errorOf(first), null);
    assert.equal(screen.getByRole("alert").textContent, "Quantity must be at least 1", "the banner follows the values");
    assert.equal(sent.length, 0);
    fireEvent.change(within(row(2)).getByLabelText("Quantity *"), { target: { value: "3" } });
    await waitFor(() => assert.ok(!screen.queryByRole("alert"), "fixed: the banner goes"));
    fireEvent.click(screen.getByRole("tab", { name: "REVIEW" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0].items.map((i) => i.quantity), ["1", "3"]);
  } finally {
    cleanup();
  }
});

Deno.test("[components] ItemRows: Remove is refused on the last row; Add appends one", async () => {
  try {
    await renderInApp(<Harness onSent={() => {}} />);
    fireEvent.click(screen.getByRole("tab", { name: "ITEMS" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove item 2" }));
    assert.equal((screen.getByRole("button", { name: "Remove item 1" }) as HTMLButtonElement).disabled, true);
    fireEvent.click(screen.getByRole("button", { name: "Add item" }));
    fireEvent.click(screen.getByRole("button", { name: "Add item" }));
    assert.equal(screen.getAllByRole("group").length, 3);
  } finally {
    cleanup();
  }
});
