import "./lib/zod-config.ts";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { endFirstLoad } from "./lib/first-data.ts";
import { initSession } from "./lib/session.ts";

/** Resolves once the router has the first page's modules (or the error to show instead). */
function firstPageLoaded(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// An async function rather than top-level awaits: the chunks it waits for import the entry chunk,
// which must have finished evaluating first.
async function start() {
  // A task of its own for what follows: evaluating this chunk (React DOM, React Router, Mantine) is
  // one long task already, and a phone's main thread should not also restore the session and match
  // the routes in it (decision 034, lever 26). It also comes after the boot script's timer, set while
  // the document was parsed, so the first data that script sends is kept before anything looks
  // for it (decision 034, lever 35).
  await new Promise((resolve) => setTimeout(resolve, 0));

  // The dev server serves Mantine pre-bundled, without the per-component stylesheets a build adds
  // (build/mantine-css.ts): it gets the whole stylesheet, the same rules.
  if (import.meta.env.DEV) await import("@mantine/core/styles.layer.css");

  // Restore (or, when expired, drop) the stored session before the first route decision (SPEC §4).
  // The router starts downloading the first page meanwhile; index.html's splash stays up until that
  // page can render, which is then React's first paint (decision 016).
  const sessionRestored = initSession();
  const router = createAppRouter();
  // The first page's loaders wait (a bounded time) for the data the boot script started, so the
  // first paint shows it (lib/first-data-loader.ts); later navigations do not wait.
  await Promise.all([sessionRestored, firstPageLoaded(router)]);
  endFirstLoad();

  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  const root = createRoot(container);
  // A transition, so React renders the first page in slices and the main thread stays responsive.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
