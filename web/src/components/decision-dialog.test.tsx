import "../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { renderInApp } from "../test/render.tsx";
import { DecisionDialog, ReasonField } from "./decision-dialog.tsx";

const errorOf = (label: string) => {
  const ids = (screen.getByLabelText(label).getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith("-error"))?.textContent ?? null;
};

function Reject(
  { pending = false, failure, onSent }: { pending?: boolean; failure?: string; onSent: (r: string) => void },
) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  return (
    <DecisionDialog
      title="Reject PR-1"
      confirmLabel="Reject"
      tone="error"
      pending={pending}
      failure={failure}
      onClose={() => {}}
      onSubmit={() => reason.trim() ? onSent(reason.trim()) : setError("A reason is required")}
    >
      <p>Reject the request?</p>
      <ReasonField
        label="Reason"
        value={reason}
        onChange={setReason}
        required
        error={error}
        hint="Shown to the requester"
      />
    </DecisionDialog>
  );
}

Deno.test("[components] DecisionDialog refuses a missing reason next to the field, then sends it", async () => {
  try {
    const sent: string[] = [];
    await renderInApp(<Reject onSent={(r) => sent.push(r)} />);
    const dialog = screen.getByRole("dialog", { name: "Reject PR-1" });
    assert.ok(dialog.textContent?.includes("Reject the request?"));
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    assert.equal(errorOf("Reason"), "A reason is required");
    assert.equal(screen.getByLabelText("Reason").getAttribute("aria-invalid"), "true");
    assert.deepEqual(sent, []);
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "  Over budget " } });
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    assert.deepEqual(sent, ["Over budget"]);
  } finally {
    cleanup();
  }
});

Deno.test("[components] DecisionDialog waits while pending and shows the server's refusal", async () => {
  try {
    const sent: string[] = [];
    await renderInApp(<Reject pending failure="The request was already decided" onSent={(r) => sent.push(r)} />);
    const confirm = screen.getByRole("button", { name: "Reject" }) as HTMLButtonElement;
    const cancel = screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement;
    assert.equal(confirm.disabled, true);
    assert.equal(cancel.disabled, true);
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "again" } });
    fireEvent.submit(confirm.form ?? document.querySelector("form")!);
    assert.deepEqual(sent, [], "no second decision while one is on its way");
    assert.equal(screen.getByRole("alert").textContent, "The request was already decided");
  } finally {
    cleanup();
  }
});
