import { afterEach, beforeEach, expect, vi } from "vitest";

// A stray console.error fails the test that caused it (STYLE §8).
beforeEach(() => {
  vi.spyOn(console, "error");
});
afterEach(() => {
  expect(console.error).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});
