import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp } from "../../test/helpers.ts";
import { useSignedInApp } from "../../test/support/app.ts";
import { orderBody, productMaker } from "../../test/support/fixtures.ts";
import { ConfigError, loadConfig } from "../config.ts";

const TOKEN = "metrics-test-token-0123456789abcdef0123456789";
const t = useSignedInApp({ METRICS_TOKEN: TOKEN });

const scrape = (authorization?: string) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** The value of one series in the exposition text (labels as written, e.g. `{kind="order"}`). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const makeProduct = productMaker(
  t,
  { id: 990_290, name: "Metrics Brochure" },
  { is_in_inventory: false, no_order_below_zero_inventory: false, pick_fee_cents: 0 },
  [[1, null, 1000]],
);

describe("GET /metrics", () => {
  it("refuses a scrape without the token or with another one (401), in the API's error shape", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ result: 0, error: { code: "UNAUTHENTICATED" } });
      expect(res.body).not.toContain("http_request_duration_seconds");
    }
  });

  it("serves the exposition format with the process, pool, outbox and order metrics", async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "http_request_duration_seconds",
      "vetportal_db_pool_connections",
      "vetportal_db_pool_waiting",
      "vetportal_database_up",
      "vetportal_outbox_messages",
      "vetportal_outbox_overdue_seconds",
      "vetportal_orders_placed_total",
    ])
      expect(res.body, name).toContain(`# TYPE ${name} `);
    expect(sample(res.body, "vetportal_database_up")).toBe(1);
    expect(sample(res.body, 'vetportal_outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'vetportal_db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
  });

  it("counts a request under its route pattern and status, never its raw URL", async () => {
    const product = await makeProduct();
    const before = await scrape(`Bearer ${TOKEN}`);
    const series =
      'http_request_duration_seconds_count{method="GET",route="/media/products/:id.svg",status_code="200"}';
    const counted = sample(before.body, series) ?? 0;
    expect((await t.app.inject({ method: "GET", url: `/media/products/${product}.svg?v=1` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(after, series)).toBe(counted + 1);
    expect(
      sample(after, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(`/media/products/${product}.svg`);
    // The scrape itself is not a request series.
    expect(after).not.toContain('route="/metrics"');
  });

  it("counts an order when it commits, and not its replay", async () => {
    const series = 'vetportal_orders_placed_total{kind="order"}';
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, series) ?? 0;
    const product = await makeProduct();
    const place = () =>
      t.app.inject({
        method: "POST",
        url: "/api/order/add",
        headers: { ...bearer(t.practice), "idempotency-key": "metrics-order-1" },
        payload: orderBody([{ id: product, quantity: 2 }]),
      });
    expect((await place()).statusCode).toBe(200);
    expect((await place()).statusCode).toBe(200);
    expect(sample((await scrape(`Bearer ${TOKEN}`)).body, series)).toBe(before + 1);
  });
});

describe("without METRICS_TOKEN", () => {
  let plain: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it("has no /metrics route (404), with or without a token", async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await plain.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ result: 0, error: { code: "NOT_FOUND" } });
    }
  });
});

describe("METRICS_TOKEN", () => {
  it("must be long enough to be a secret", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: `${"x".repeat(31)} ` })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});
