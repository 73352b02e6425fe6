import { initTheme } from "./lib/theme.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers.tsx";
import { AppRouter } from "./app/router.tsx";
import "./index.css";

// Before the first render: the CSP forbids an inline script in index.html to do this earlier.
initTheme();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
