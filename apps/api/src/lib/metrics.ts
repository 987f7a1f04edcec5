import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/client.ts";

/** What the metrics read at scrape time (app.ts wires them): cheap reads, one statement at most. */
export interface MetricsSources {
  poolStats(): PoolStats;
  outboxBacklog(): Promise<{ pending: number; failed: number; overdueSeconds: number }>;
}

/**
 * The process's Prometheus metrics (decision 029, docs/operations.md "Metrics"), each app with a
 * registry of its own: the default process metrics, requests by route pattern and status, the
 * database pool, the outbox's backlog, and orders placed. Served by plugins/metrics.ts.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: "vetportal_orders_placed_total",
    help: "Orders committed by this process (a replayed Idempotency-Key is not counted), by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  // Both series exist from the start (at 0), so rate() and increase() see the first order.
  for (const kind of ["order", "destroy"] as const) ordersPlaced.inc({ kind }, 0);
  new Gauge({
    name: "vetportal_db_pool_connections",
    help: "Database connections of this process by state (PGlite: its one engine, in use while a statement runs)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = sources.poolStats();
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "max" }, stats.max);
    },
  });
  new Gauge({
    name: "vetportal_db_pool_waiting",
    help: "Requests of this process waiting for a database connection (PGlite: statements queued for the engine)",
    registers: [registry],
    collect() {
      this.set(sources.poolStats().waiting);
    },
  });

  // The outbox is read once per scrape for the three series below; a database that does not answer
  // sets vetportal_database_up to 0 instead of failing the whole scrape.
  let backlog: Promise<Awaited<ReturnType<MetricsSources["outboxBacklog"]>> | undefined> | undefined;
  const readBacklog = () => {
    backlog ??= sources.outboxBacklog().then(
      (value) => value,
      () => undefined,
    );
    return backlog;
  };
  new Gauge({
    name: "vetportal_database_up",
    help: "1 when this scrape could read the database (the outbox's backlog), else 0",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "vetportal_outbox_messages",
    help: "Outgoing email messages waiting to be sent (pending) or given up on after every retry (failed)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const value = await readBacklog();
      if (!value) return;
      this.set({ status: "pending" }, value.pending);
      this.set({ status: "failed" }, value.failed);
    },
  });
  new Gauge({
    name: "vetportal_outbox_overdue_seconds",
    help: "How long the most overdue pending message has waited past its send time (0: none is overdue)",
    registers: [registry],
    async collect() {
      const value = await readBacklog();
      if (value) this.set(value.overdueSeconds);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    /** The exposition text; the outbox is read once for it. */
    async scrape(): Promise<string> {
      backlog = undefined;
      try {
        return await registry.metrics();
      } finally {
        backlog = undefined;
      }
    },
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requests.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    orderPlaced(kind: "order" | "destroy") {
      ordersPlaced.inc({ kind });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The orders service with its placed orders counted (the metrics hook of decision 029): an answer
 * that is not a replay is an order this call committed. Without metrics, the service itself.
 */
export function countPlacedOrders<
  S extends {
    placeOrder(
      user: never,
      body: { items: { is_destroy?: boolean }[] },
      ...rest: never[]
    ): Promise<{ replayed: boolean }>;
  },
>(service: S, metrics: Metrics | undefined): S {
  if (!metrics) return service;
  const placeOrder = service.placeOrder.bind(service) as (...args: unknown[]) => Promise<{ replayed: boolean }>;
  return {
    ...service,
    async placeOrder(...args: unknown[]) {
      const result = await placeOrder(...args);
      if (!result.replayed) {
        const body = args[1] as { items: { is_destroy?: boolean }[] };
        metrics.orderPlaced(body.items.some((i) => i.is_destroy) ? "destroy" : "order");
      }
      return result;
    },
  };
}
