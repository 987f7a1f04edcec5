import formbody from "@fastify/formbody";
import Fastify, { type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { closeHttp2SessionsOnClose, httpsServerOptions, type TlsFiles } from "./http/tls.ts";
import { createCaches } from "./lib/cache.ts";
import { withRedactedUrls } from "./lib/log-redaction.ts";
import { countPlacedOrders, createMetrics, type Metrics } from "./lib/metrics.ts";
import { createSerializerCompiler } from "./lib/serializer.ts";
import { refuseUnknownFields } from "./lib/strict-schema.ts";
import { allowancesRoutes } from "./modules/allowances/allowances.routes.ts";
import { createAllowancesService } from "./modules/allowances/allowances.service.ts";
import { createApprovalRulesService } from "./modules/approvals/approval-rules.service.ts";
import { approvalsRoutes } from "./modules/approvals/approvals.routes.ts";
import { createApprovalsService } from "./modules/approvals/approvals.service.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { type AuditService, createAuditService } from "./modules/audit/audit.service.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createPasswordLinksService } from "./modules/auth/password-links.service.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { createCartService } from "./modules/cart/cart.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { createCatalogService } from "./modules/catalog/catalog.service.ts";
import { enumRoutes } from "./modules/catalog/enum.routes.ts";
import { departmentsRoutes } from "./modules/departments/departments.routes.ts";
import { createDepartmentsService, type DepartmentsService } from "./modules/departments/departments.service.ts";
import { fulfilmentRoutes } from "./modules/fulfilment/fulfilment.routes.ts";
import { createFulfilmentService } from "./modules/fulfilment/fulfilment.service.ts";
import { createInventoryService } from "./modules/inventory/inventory.service.ts";
import { mailRoutes } from "./modules/mail/mail.routes.ts";
import { createSecretSweep, readOutboxBacklog } from "./modules/mail/mail.service.ts";
import { createOutbox } from "./modules/mail/outbox.worker.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import { ordersRoutes } from "./modules/orders/orders.routes.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { practicesRoutes } from "./modules/practices/practices.routes.ts";
import { createPracticesService } from "./modules/practices/practices.service.ts";
import { printRoutes } from "./modules/print/print.routes.ts";
import { createPrintService } from "./modules/print/print.service.ts";
import { productsRoutes } from "./modules/products/products.routes.ts";
import { createProductsService } from "./modules/products/products.service.ts";
import { quickOrderRoutes } from "./modules/quick-order/quick-order.routes.ts";
import { createQuickOrderService } from "./modules/quick-order/quick-order.service.ts";
import { reportsRoutes } from "./modules/reports/reports.routes.ts";
import { createReportsService } from "./modules/reports/reports.service.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { createSettingsService, type SettingsService } from "./modules/settings/settings.service.ts";
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
  /** Serve HTTPS with this certificate and key: HTTP/2, and HTTP/1.1 for clients without it (decision 049). */
  tls?: TlsFiles;
  /**
   * Check every answer against its contract schema with zod too (the tests turn it on; production
   * answers go through the compiled serializer alone).
   */
  validateResponses?: boolean;
}

/**
 * Builds the whole application without listening (tests call inject() on it), in four named steps:
 * the Fastify instance, the platform (outbox, secret sweep), the module graph (every service and the
 * services it uses), then the HTTP layer's plugins and every module's routes in one explicit list.
 */
export async function buildApp(options: BuildAppOptions) {
  const app = createFastify(options);
  registerPlatform(app, options);
  const { services, caches, metrics } = composeServices(options);
  // Approval reminders and expiries (decision 040): started by server.ts; tests call runDue().
  const approvalsJob = services.approvals.job(app.log, options.config.APPROVAL_JOB_INTERVAL_MS);
  app.decorate("approvals", { ...approvalsJob, runDue: services.approvals.runDue });
  app.addHook("onClose", async () => approvalsJob.stop());
  await registerHttp(app, options.config, caches, metrics);
  await registerApi(app, services, options.config);
  return app;
}

/** The Fastify instance: logging, proxies, limits, and the zod validator and serializer. */
function createFastify({ config, tls, logger = false, validateResponses = false }: BuildAppOptions) {
  const app = Fastify({
    // Typed as the HTTP/1 instance every module is written against (http/tls.ts says why).
    ...(tls ? (httpsServerOptions(tls) as object) : {}),
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
  if (tls) closeHttp2SessionsOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  // Every route's body refuses fields the contract does not declare, at any depth (decision 027).
  app.addHook("onRoute", (route) => {
    if (route.schema?.body) route.schema.body = refuseUnknownFields(route.schema.body as ZodType);
  });
  app.setSerializerCompiler(createSerializerCompiler({ validate: validateResponses }));
  return app;
}

type AppInstance = ReturnType<typeof createFastify>;

/** What every request may reach (config, database) and the background work server.ts starts. */
function registerPlatform(app: AppInstance, { config, database }: BuildAppOptions) {
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
}

/**
 * The people modules, in the order they use each other (decision 031): users own the users table,
 * practices the addresses, departments write their members' rows through users, auth the sessions
 * and set-password links (passwordLinks, which users and practices hand out in their transactions).
 */
function composePeople(config: Config, db: Database, caches: ReturnType<typeof createCaches>, audit: AuditService) {
  const passwordLinks = createPasswordLinksService({
    settings: {
      PASSWORD_LINK_TTL_HOURS: config.PASSWORD_LINK_TTL_HOURS,
      PUBLIC_URL: config.PUBLIC_URL,
      ADMIN_USER_ID: config.ADMIN_USER_ID,
    },
  });
  const customer = { CUSTOMER_ID: config.CUSTOMER_ID };
  const users = createUsersService({ db, settings: customer, passwordLinks, audit });
  const departments = createDepartmentsService({ db, settings: customer, users, audit });
  const practices = createPracticesService({ db, settings: customer, users, departments, passwordLinks, audit });
  const auth = createAuthService({
    db,
    settings: {
      CUSTOMER_ID: config.CUSTOMER_ID,
      ADMIN_USER_ID: config.ADMIN_USER_ID,
      SESSION_TTL_SECONDS: config.SESSION_TTL_SECONDS,
      REFRESH_TTL_SECONDS: config.REFRESH_TTL_SECONDS,
      LOGIN_RATE_WINDOW_SECONDS: config.LOGIN_RATE_WINDOW_SECONDS,
      LOGIN_RATE_LIMIT_PER_IP: config.LOGIN_RATE_LIMIT_PER_IP,
      LOGIN_RATE_LIMIT_PER_ACCOUNT: config.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL: config.LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL,
      REFRESH_RATE_LIMIT_PER_IP: config.REFRESH_RATE_LIMIT_PER_IP,
      PASSWORD_LINK_RATE_LIMIT_PER_IP: config.PASSWORD_LINK_RATE_LIMIT_PER_IP,
      TOKEN_RATE_WINDOW_SECONDS: config.TOKEN_RATE_WINDOW_SECONDS,
    },
    caches,
    users,
  });
  return { auth, users, departments, practices };
}

/**
 * The ordering modules, in the order they use each other (decision 031); print, made before the
 * orders that use it, reaches fulfilment (made after) through a function called later (decision 046).
 */
function composeOrdering(
  config: Config,
  db: Database,
  caches: ReturnType<typeof createCaches>,
  {
    audit,
    departments,
    metrics,
    portalSettings,
  }: {
    audit: AuditService;
    departments: DepartmentsService;
    metrics: Metrics | undefined;
    portalSettings: SettingsService;
  },
) {
  const catalog = createCatalogService({
    db,
    settings: { CUSTOMER_ID: config.CUSTOMER_ID },
    caches,
    portalSettings,
  });
  const inventory = createInventoryService({ db, settings: { OPERATIONS_EMAIL: config.OPERATIONS_EMAIL } });
  const print = createPrintService({
    db,
    settings: { CUSTOMER_ID: config.CUSTOMER_ID },
    audit,
    // Fulfilment is made below (it uses orders, which use print): reached when a proof is approved (decision 046).
    releaseProofHolds: (tx, hold) => fulfilment.releaseProofHolds(tx, hold),
  });
  const cart = createCartService({ db, catalog });
  const allowances = createAllowancesService({ db, settings: { CUSTOMER_ID: config.CUSTOMER_ID }, audit });
  const approvalRules = createApprovalRulesService({ db, settings: { PUBLIC_URL: config.PUBLIC_URL }, audit });
  const orders = countPlacedOrders(
    createOrdersService({
      db,
      settings: { CUSTOMER_ID: config.CUSTOMER_ID, CANCEL_WINDOW_HOURS: config.CANCEL_WINDOW_HOURS },
      caches,
      catalog,
      inventory,
      cart,
      allowances,
      approvals: approvalRules,
      print,
    }),
    metrics,
  );
  const approvals = createApprovalsService({
    db,
    settings: { PUBLIC_URL: config.PUBLIC_URL, ADMIN_USER_ID: config.ADMIN_USER_ID },
    orders,
    audit,
    portalSettings,
  });
  const fulfilment = createFulfilmentService({
    db,
    settings: { PUBLIC_URL: config.PUBLIC_URL },
    orders,
    departments,
    audit,
  });
  return { catalog, inventory, print, cart, allowances, approvalRules, orders, approvals, fulfilment };
}

/** The module graph: every service, handed the services and settings it uses. */
function composeServices({ config, database, reportsDatabase }: BuildAppOptions) {
  // Sessions, catalogue and stock, cached with the database's change counters (decision 017).
  const caches = createCaches(database.db, config.CACHE_MAX_STALE_MS);
  // The audit trail (decision 043): every service that changes records is handed its record().
  const audit = createAuditService({
    database,
    settings: { CUSTOMER_ID: config.CUSTOMER_ID, EXPORT_IDLE_TIMEOUT_MS: config.EXPORT_IDLE_TIMEOUT_MS },
  });
  const { auth, users, departments, practices } = composePeople(config, database.db, caches, audit);
  // Prometheus metrics, only when METRICS_TOKEN is set (decision 029).
  const metrics = config.METRICS_TOKEN
    ? createMetrics({ poolStats: () => database.poolStats(), outboxBacklog: () => readOutboxBacklog(database.db) })
    : undefined;
  const db = database.db;
  // Portal settings (decision 047): the environment's values until an administrator saves.
  const { SUPPORT_PHONE, LARGE_ORDER_EMAIL, PET_INSURANCE_URL, APPROVAL_REMIND_DAYS, APPROVAL_EXPIRE_DAYS } = config;
  const defaults = { SUPPORT_PHONE, LARGE_ORDER_EMAIL, PET_INSURANCE_URL, APPROVAL_REMIND_DAYS, APPROVAL_EXPIRE_DAYS };
  const settings = { CUSTOMER_ID: config.CUSTOMER_ID, ...defaults };
  const portalSettings = createSettingsService({ db, settings, caches, audit });
  const { catalog, inventory, print, cart, allowances, approvalRules, orders, approvals, fulfilment } = composeOrdering(
    config,
    db,
    caches,
    { audit, departments, metrics, portalSettings },
  );
  const services = {
    audit,
    portalSettings,
    auth,
    catalog,
    orders,
    approvalRules,
    approvals,
    fulfilment,
    cart,
    print,
    quickOrder: createQuickOrderService({ catalog, cart, allowances }),
    allowances,
    practices,
    users,
    departments,
    products: createProductsService({
      db,
      settings: { CUSTOMER_ID: config.CUSTOMER_ID },
      departments,
      inventory,
      audit,
    }),
    reports: createReportsService({
      database,
      reads: reportsDatabase,
      settings: {
        EXPORT_CONCURRENCY: config.EXPORT_CONCURRENCY,
        EXPORT_IDLE_TIMEOUT_MS: config.EXPORT_IDLE_TIMEOUT_MS,
      },
    }),
    support: createSupportService({
      db: database.db,
      settings: { CUSTOMER_ID: config.CUSTOMER_ID, SUPPORT_EMAIL: config.SUPPORT_EMAIL },
    }),
  };
  return { services, caches, metrics };
}

type Services = ReturnType<typeof composeServices>["services"];

/** The HTTP layer: security headers, errors, 405s, metrics, cache invalidation, body parsers, docs. */
async function registerHttp(
  app: AppInstance,
  config: Config,
  caches: ReturnType<typeof createCaches>,
  metrics: ReturnType<typeof createMetrics> | undefined,
) {
  app.addHook("onRequest", securityHeaders(config.WEB_DIST_DIR));
  await app.register(errorsPlugin);
  // Before any route: which methods each URL takes, for 405 answers (decision 028).
  await app.register(methodsPlugin);
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  // After a call that may have changed cached data (committed by now), this process checks the
  // database before it uses a cached value again: its next request reads the write.
  app.addHook("onSend", async (request) => {
    const writes = request.routeOptions.config?.invalidatesCaches;
    if (writes === "stock") caches.invalidateVolatile();
    else if (writes ?? (request.method !== "GET" && request.method !== "HEAD")) caches.invalidate();
  });
  // Bodies are JSON; urlencoded forms are read too (the legacy front end posts sign-in that way),
  // within the same 1 MiB limit. Multipart is accepted only by the one upload route, which
  // registers its own parser with tight limits (products.routes.ts); any other content type,
  // text/plain included, is a 415 before the body is read (decision 013).
  app.removeContentTypeParser("text/plain");
  await app.register(formbody);
  await app.register(formsPlugin);
  await app.register(swaggerPlugin);
}

/** Every module's routes, in one explicit list. */
async function registerApi(app: AppInstance, services: Services, config: Config) {
  // Everything under /api is behind the auth hook; docs, media and the web app are not.
  await app.register(
    async (api) => {
      await api.register(authPlugin, { auth: services.auth });
      // Every call is a POST with a filter object (SPEC §7); a call without a body means "no filter".
      api.addHook("preValidation", async (request) => {
        if (request.method === "POST" && request.body == null) request.body = {};
      });
      await api.register(systemRoutes, { settings: services.portalSettings });
      await api.register(settingsRoutes, { settings: services.portalSettings });
      await api.register(authRoutes, { auth: services.auth });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(enumRoutes);
      await api.register(ordersRoutes, { orders: services.orders });
      await api.register(fulfilmentRoutes, { fulfilment: services.fulfilment });
      await api.register(cartRoutes, { cart: services.cart });
      await api.register(quickOrderRoutes, { quickOrder: services.quickOrder });
      await api.register(allowancesRoutes, { allowances: services.allowances });
      await api.register(practicesRoutes, { practices: services.practices });
      await api.register(usersRoutes, { users: services.users, practices: services.practices, auth: services.auth });
      await api.register(departmentsRoutes, { departments: services.departments });
      await api.register(productsRoutes, { products: services.products });
      await api.register(reportsRoutes, { reports: services.reports });
      await api.register(supportRoutes, { support: services.support });
      await api.register(printRoutes, { print: services.print });
      await api.register(approvalsRoutes, { approvals: services.approvals, approvalRules: services.approvalRules });
      await api.register(mailRoutes, { db: app.db });
      await api.register(auditRoutes, { audit: services.audit });
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes, { catalog: services.catalog, products: services.products });
  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
