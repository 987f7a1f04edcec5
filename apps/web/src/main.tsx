import "./lib/zod-config.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { initSession } from "./lib/session.ts";

// An async function rather than top-level awaits: the chunks it waits for import the entry chunk,
// which must have finished evaluating first.
async function start() {
  // The dev server serves Mantine pre-bundled, without the per-component stylesheets a build adds
  // (build/mantine-css.ts): it gets the whole stylesheet, the same rules.
  if (import.meta.env.DEV) await import("@mantine/core/styles.layer.css");

  // Restore (or, when expired, drop) the stored session before the first route decision (SPEC §4).
  // The router starts downloading the first page meanwhile.
  const sessionRestored = initSession();
  const router = createAppRouter();
  await sessionRestored;

  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
