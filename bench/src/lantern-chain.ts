/**
 * What Lighthouse's mobile LCP waited for, page by page (decision 034, sixth round). Lighthouse does
 * not measure the throttled load: it simulates it (Lantern) from the page's real requests and tasks,
 * and the LCP it reports is when the last request or task it counts as needed for the LCP ends. This
 * prints that simulated chain (optimistic graph) for one page: each request and each main-thread
 * task over 20 ms, with its simulated start and end. A request that starts after the code has run
 * (the list at 2.7 s, a second order query) is a round trip the LCP waits for.
 *
 *   npx tsx bench/src/lantern-chain.ts http://127.0.0.1:3500 cart
 *
 * against a running portal with the demo data (PORT=3500 SEED_DEMO_DATA=true node apps/api/dist/server.js);
 * the page names are lighthouse.ts's (home, category, product, cart, shipping, orders, order, brand, …).
 */
import { argv } from "node:process";
import { runLighthouse } from "./lighthouse.ts";

interface SimulatedNode {
  type: "network" | "cpu";
  request?: { url: string };
}
interface Timing {
  startTime: number;
  endTime: number;
}

const [base = "http://127.0.0.1:3500", page = "cart"] = argv.slice(2);
// Lantern keeps the node timings of its last simulations, by label (Lighthouse's own debug traces read them).
const { Simulator } = (await import(
  "../../node_modules/@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js"
)) as { Simulator: { allNodeTimings: Map<string, Map<SimulatedNode, Timing>> } };

const [result] = await runLighthouse(base, { pages: [page], presets: ["mobile"] });
if (!result) throw new Error(`no page named ${page}`);
console.log(
  `${result.page} (mobile): performance ${result.performance}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms`,
);
const timings = Simulator.allNodeTimings.get("optimisticLargestContentfulPaint");
for (const [node, t] of [...(timings ?? [])].sort(([, a], [, b]) => a.startTime - b.startTime)) {
  if (node.type === "cpu" && t.endTime - t.startTime < 20) continue;
  const what = node.request ? node.request.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 60) : "main-thread task";
  console.log(
    `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)} ms  ${what}`,
  );
}
