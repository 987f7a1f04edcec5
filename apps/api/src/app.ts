import formbody from "@fastify/formbody";
import Fastify, { type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import helmet from "helmet";
import type { ZodType } from "zod";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { createCaches } from "./lib/cache.ts";
import { withRedactedUrls } from "./lib/log-redaction.ts";
import { countPlacedOrders, createMetrics } from "./lib/metrics.ts";
import { createSerializerCompiler } from "./lib/serializer.ts";
import { refuseUnknownFields } from "./lib/strict-schema.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { createCartService } from "./modules/cart/cart.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { createCatalogService } from "./modules/catalog/catalog.service.ts";
import { enumRoutes } from "./modules/catalog/enum.routes.ts";
import { departmentsRoutes } from "./modules/departments/departments.routes.ts";
import { createDepartmentsService } from "./modules/departments/departments.service.ts";
import { fulfilmentRoutes } from "./modules/fulfilment/fulfilment.routes.ts";
import { createFulfilmentService } from "./modules/fulfilment/fulfilment.service.ts";
import { mailRoutes } from "./modules/mail/mail.routes.ts";
import { createSecretSweep, readOutboxBacklog } from "./modules/mail/mail.service.ts";
import { createOutbox } from "./modules/mail/outbox.worker.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import { ordersRoutes } from "./modules/orders/orders.routes.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { practicesRoutes } from "./modules/practices/practices.routes.ts";
import { createPracticesService } from "./modules/practices/practices.service.ts";
import { productsRoutes } from "./modules/products/products.routes.ts";
import { createProductsService } from "./modules/products/products.service.ts";
import { reportsRoutes } from "./modules/reports/reports.routes.ts";
import { createReportsService } from "./modules/reports/reports.service.ts";
import { supportRoutes } from "./modules/support/support.routes.ts";
import { createSupportService } from "./modules/support/support.service.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorsPlugin, frameworkErrorHandler } from "./plugins/errors.ts";
import { formsPlugin } from "./plugins/forms.ts";
import { methodsPlugin } from "./plugins/methods.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { swaggerPlugin } from "./plugins/swagger.ts";
import { webPlugin } from "./plugins/web.ts";

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** A read replica for reports and exports (REPORTS_DATABASE_URL, docs/decisions/025). */
  reportsDatabase?: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
  /**
   * Check every answer against its contract schema with zod too (the tests turn it on; production
   * answers go through the compiled serializer alone).
   */
  validateResponses?: boolean;
}

/**
 * Builds the whole application without listening (tests call inject() on it). Plugins first, then
 * every module in one explicit list.
 */
export async function buildApp({
  config,
  database,
  reportsDatabase,
  logger = false,
  validateResponses = false,
}: BuildAppOptions) {
  const app = Fastify({
    // No credential in a logged URL (an export code, an old set-password link): decision 026.
    logger: withRedactedUrls(logger),
    // A hop count becomes "trust the nearest N peers" (Fastify alone ignores a number); a list is
    // compiled by proxy-addr. Either way a peer outside it cannot set the client address.
    trustProxy:
      typeof config.TRUST_PROXY === "number"
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
    // A malformed URL (bad percent-encoding, a too-long parameter) gets the error envelope too.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Every route's body refuses fields the contract does not declare, at any depth (decision 027).
  app.addHook("onRoute", (route) => {
    if (route.schema?.body) route.schema.body = refuseUnknownFields(route.schema.body as ZodType);
  });
  app.setSerializerCompiler(createSerializerCompiler({ validate: validateResponses }));

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  // The outbox worker is started by server.ts; tests call flush() themselves.
  const outbox = createOutbox(database.db, app.log, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    leaseMs: config.OUTBOX_LEASE_MS,
    intervalMs: config.OUTBOX_INTERVAL_MS,
  });
  app.decorate("outbox", outbox);
  app.addHook("onClose", () => outbox.stop());
  // Cuts expired set-password links out of stored mail (decision 026); started by server.ts too.
  const secretSweep = createSecretSweep(database.db, app.log);
  app.decorate("secretSweep", secretSweep);
  app.addHook("onClose", async () => secretSweep.stop());

  // Sessions, catalogue and stock, cached with the database's change counters (decision 017).
  const caches = createCaches(database.db, config.CACHE_MAX_STALE_MS);
  // Prometheus metrics, only when METRICS_TOKEN is set (decision 029).
  const metrics = config.METRICS_TOKEN
    ? createMetrics({ poolStats: () => database.poolStats(), outboxBacklog: () => readOutboxBacklog(database.db) })
    : undefined;
  const services = {
    auth: createAuthService(database.db, config, caches),
    catalog: createCatalogService(database.db, config, caches),
    orders: countPlacedOrders(createOrdersService(database.db, config), metrics),
    fulfilment: createFulfilmentService(database.db, config),
    cart: createCartService(database.db, config),
    practices: createPracticesService(database.db, config),
    users: createUsersService(database.db, config),
    departments: createDepartmentsService(database.db, config),
    products: createProductsService(database.db, config),
    reports: createReportsService(database, {
      reads: reportsDatabase,
      exportConcurrency: config.EXPORT_CONCURRENCY,
      exportIdleTimeoutMs: config.EXPORT_IDLE_TIMEOUT_MS,
    }),
    support: createSupportService(database.db, config),
  };

  // Security headers, helmet's middleware built once (@fastify/helmet rebuilt it on every request,
  // a fifth of a small answer's cost).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, done as (err?: unknown) => void),
  );
  await app.register(errorsPlugin);
  // Before any route: which methods each URL takes, for 405 answers (decision 028).
  await app.register(methodsPlugin);
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  // After a call that may have changed cached data (committed by now), this process checks the
  // database before it uses a cached value again: its next request reads the write.
  app.addHook("onSend", async (request) => {
    const writes = request.routeOptions.config?.invalidatesCaches;
    if (writes ?? (request.method !== "GET" && request.method !== "HEAD")) caches.invalidate();
  });
  // Bodies are JSON; urlencoded forms are read too (the legacy front end posts sign-in that way),
  // within the same 1 MiB limit. Multipart is accepted only by the one upload route, which
  // registers its own parser with tight limits (products.routes.ts); any other content type,
  // text/plain included, is a 415 before the body is read (decision 013).
  app.removeContentTypeParser("text/plain");
  await app.register(formbody);
  await app.register(formsPlugin);
  await app.register(swaggerPlugin);

  // Everything under /api is behind the auth hook; docs, media and the web app are not.
  await app.register(
    async (api) => {
      await api.register(authPlugin, { auth: services.auth });
      // Every call is a POST with a filter object (SPEC §7); a call without a body means "no filter".
      api.addHook("preValidation", async (request) => {
        if (request.method === "POST" && request.body == null) request.body = {};
      });
      await api.register(systemRoutes);
      await api.register(authRoutes, { auth: services.auth });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(enumRoutes);
      await api.register(ordersRoutes, { orders: services.orders });
      await api.register(fulfilmentRoutes, { fulfilment: services.fulfilment });
      await api.register(cartRoutes, { cart: services.cart });
      await api.register(practicesRoutes, { practices: services.practices });
      await api.register(usersRoutes, { users: services.users, practices: services.practices });
      await api.register(departmentsRoutes, { departments: services.departments });
      await api.register(productsRoutes, { products: services.products });
      await api.register(reportsRoutes, { reports: services.reports });
      await api.register(supportRoutes, { support: services.support });
      await api.register(mailRoutes, { db: database.db });
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes, { catalog: services.catalog, products: services.products });
  await app.register(webPlugin, { root: config.WEB_DIST_DIR });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
