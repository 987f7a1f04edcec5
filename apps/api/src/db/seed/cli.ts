import { loadConfig } from "../../config.ts";
import { openPglite, openPostgres } from "../client.ts";
import { prepareDatabase } from "../prepare.ts";

// npm run db:seed — migrates and loads the demo data into the configured database (if it is empty).
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL)
  : await openPglite({ dataDir: config.DATA_DIR });
try {
  console.log(await prepareDatabase(database, { seed: true, customerId: config.CUSTOMER_ID }));
} finally {
  await database.close();
}
