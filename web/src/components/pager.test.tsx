import "../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderInApp } from "../test/render.tsx";
import { Pager } from "./pager.tsx";

Deno.test("[components] Pager moves one page back and forth and disables the ends", async () => {
  try {
    const moves: number[] = [];
    const { rerender } = await renderInApp(
      <Pager label="Pages" page={0} hasNext onPage={(p) => moves.push(p)} position="Page 1 of 2" />,
    );
    const nav = screen.getByRole("navigation", { name: "Pages" });
    assert.ok(nav.textContent?.includes("Page 1 of 2"));
    assert.equal((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled, true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    rerender(<Pager label="Pages" page={1} hasNext={false} onPage={(p) => moves.push(p)} position="Page 2 of 2" />);
    assert.equal((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled, true);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    assert.deepEqual(moves, [1, 0]);
  } finally {
    cleanup();
  }
});

Deno.test("[components] Pager hides on a single page but keeps the summary", async () => {
  try {
    const { rerender } = await renderInApp(
      <Pager label="Pages" page={0} hasNext={false} onPage={() => {}} position="Page 1" />,
    );
    assert.ok(!screen.queryByRole("navigation"), "no pager on a single page");
    rerender(<Pager label="Pages" page={0} hasNext={false} onPage={() => {}} summary="Showing 1-3 of 3" />);
    assert.ok(screen.getByRole("navigation").textContent?.includes("Showing 1-3 of 3"));
    assert.ok(!screen.queryByRole("button"), "no buttons on a single page");
    rerender(<Pager label="Pages" page={0} hasNext={false} onPage={() => {}} summary="1-3 of 3" always />);
    assert.equal(screen.getAllByRole("button").length, 2);
  } finally {
    cleanup();
  }
});

Deno.test("[components] Pager waits while a page loads", async () => {
  try {
    await renderInApp(<Pager label="Pages" page={1} hasNext onPage={() => {}} summary="51-100 of 300" busy />);
    for (const button of screen.getAllByRole("button")) assert.equal((button as HTMLButtonElement).disabled, true);
  } finally {
    cleanup();
  }
});
