import "../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, render, screen } from "@testing-library/react";
import { PageSection } from "./page-section.tsx";

Deno.test("[components] PageSection: a titled section with a link to its own page", () => {
  try {
    render(
      <PageSection title="Budgets" description="Spend against plan" href="/budgets?year=2026" linkLabel="Open page">
        <p>content</p>
      </PageSection>,
    );
    assert.ok(screen.getByRole("heading", { level: 2, name: "Budgets" }));
    assert.ok(screen.getByText("Spend against plan"));
    assert.equal(screen.getByRole("link", { name: "Open page" }).getAttribute("href"), "/budgets?year=2026");
    assert.ok(screen.getByText("content"));
  } finally {
    cleanup();
  }
});
