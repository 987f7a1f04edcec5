// The DOM tests' set-up (the "web:dom" Vitest project, docs/testing.md): jest-dom's matchers, what
// Mantine needs of a browser that jsdom lacks (Mantine's Vitest guide), the MSW server that answers
// the API at the fetch level, and a clean page, session and cart after every test.
import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { afterLoad } from "../lib/after-load.ts";
import { clearLocalCart } from "../lib/cart-store.ts";
import { clearSession } from "../lib/session.ts";
import { server } from "./server.ts";
import { matchMedia, resetWidth } from "./viewport.ts";

// findBy…/waitFor wait up to 5 s, not 1 s: on a loaded 2-core machine (CI beside other suites) a
// toast after a mutation can take longer than a second to render; a passing test is no slower.
configure({ asyncUtilTimeout: 5_000 });

const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
Object.defineProperty(window, "matchMedia", { writable: true, value: matchMedia });
// Mantine's autosizing Textarea listens for web fonts loading.
Object.defineProperty(document, "fonts", {
  configurable: true,
  value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;
class IntersectionObserver {
  readonly root = null;
  readonly rootMargin = "";
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
vi.stubGlobal("IntersectionObserver", IntersectionObserver);

// A request no test answers fails the test: every call a page makes is one the test knows about.
// (MSW's own "error" only makes that fetch fail, which a fire-and-forget call would swallow.)
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
    },
  }),
);
// A stray console.error fails the test that caused it (STYLE §8), as in the API's tests.
beforeEach(() => {
  vi.spyOn(console, "error");
});
afterEach(async () => {
  // Background calls a page makes once it has loaded (lib/after-load.ts) go out in this test.
  await afterLoad();
  await new Promise((resolve) => setTimeout(resolve, 0));
  cleanup();
  // Toasts live in Mantine's store, outside the rendered tree.
  notifications.clean();
  server.resetHandlers();
  clearSession();
  clearLocalCart();
  resetWidth();
  localStorage.clear();
  sessionStorage.clear();
  const requests = unanswered.splice(0);
  expect(requests, "requests no handler answered (test/handlers.ts)").toEqual([]);
  expect(console.error).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
