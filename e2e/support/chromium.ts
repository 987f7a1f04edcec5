/**
 * Chromium's flags on this kind of machine, for every tool that launches Debian's Chromium (the
 * journeys here, the benchmarks' tab in bench/src/portal-tab.ts): no sandbox or GPU, and nothing
 * that reaches for the network the machine does not have.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
