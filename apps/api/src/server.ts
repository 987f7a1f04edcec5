import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { serveBackups } from "./db/backup.ts";
import { type DatabaseHandle, DataDirLockedError, openPglite, openPostgres } from "./db/client.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { readTlsFiles, type TlsFiles } from "./http/tls.ts";

/** Process shell: parse config, open and migrate the database, build the app, listen, close gracefully. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  let tls: TlsFiles | undefined;
  try {
    config = loadConfig();
    tls = readTlsFiles(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const loggerOptions = { level: config.LOG_LEVEL };
  const serverOptions = {
    poolSize: config.DATABASE_POOL_SIZE,
    // CSV exports stream on a pool of their own, as many as may stream at once (decision 025).
    exportPoolSize: config.EXPORT_CONCURRENCY,
    logger: console,
    limits: {
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      exportStatementTimeoutMs: config.DATABASE_EXPORT_STATEMENT_TIMEOUT_MS,
      keepAliveMs: config.DATABASE_KEEPALIVE_MS,
    },
  };
  let database: DatabaseHandle;
  try {
    database = config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL, serverOptions)
      : await openPglite({ dataDir: config.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Reports on a read replica, through a pool of its own with the same limits (decision 025). It is
  // only read: nothing is migrated or written there, and it is not needed to start.
  const reportsDatabase = config.REPORTS_DATABASE_URL
    ? await openPostgres(config.REPORTS_DATABASE_URL, serverOptions)
    : undefined;
  const app = await buildApp({ config, database, reportsDatabase, tls, logger: loggerOptions });
  const summary = await prepareDatabase(database, { seed: config.SEED_DEMO_DATA, customerId: config.CUSTOMER_ID });
  app.log.info(summary, "database ready");

  // PGlite: `npm run db:backup` asks this process for a consistent copy through DATA_DIR's socket.
  const stopBackups = database.pglite ? await serveBackups(config.DATA_DIR, database.pglite, app.log) : async () => {};

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await stopBackups();
    await app.close();
    await database.close();
    await reportsDatabase?.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.outbox.start();
  app.secretSweep.start();
  app.approvals.start();
}

main().catch((err) => {
  console.error("Vet Portal failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
