import { initTheme } from "./lib/theme.ts";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers.tsx";
import { AppRouter } from "./app/router.tsx";
import "./index.css";

// Before the first render: the CSP forbids an inline script in index.html to do this earlier.
initTheme();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The first render is a transition: React renders it in slices of a few milliseconds, in tasks of
// its own, instead of one long task right after the entry chunk's evaluation.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
