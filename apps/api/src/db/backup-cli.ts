import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { backupDatabase, restoreDatabase } from "./backup.ts";

// npm run db:backup -- <file>   a consistent backup of the configured database, while the portal runs
// npm run db:restore -- <file>  replaces the database with a backup (stop the portal first)
// PGlite (DATA_DIR) or, with DATABASE_URL, pg_dump/pg_restore. docs/operations.md "Backup and restore".
const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("usage: npm run db:backup -- <file>   |   npm run db:restore -- <file>");
  process.exit(2);
}
try {
  const config = loadConfig();
  const target = { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL };
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === "backup") {
    const { via } = await backupDatabase(target, path);
    const how = { server: "by the running server", directory: "from DATA_DIR", pg_dump: "with pg_dump" }[via];
    console.log(`Backup written to ${path} (${how}).`);
  } else {
    const { orders, previous } = await restoreDatabase(target, path);
    console.log(
      config.DATABASE_URL
        ? `Restored ${path} with pg_restore.`
        : `Restored ${path} into ${resolve(config.DATA_DIR)}: ${orders} orders.` +
            (previous ? ` The previous directory is kept as ${previous}.` : ""),
    );
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `The ${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
