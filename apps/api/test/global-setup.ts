import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/prepare.ts";
import { databaseUrl, TEST_CUSTOMER_ID } from "./database-url.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds one template database per run; every test file then starts from a fresh
 * copy of it (STYLE §8): a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DRIVER === "pg") {
    const url = process.env.TEST_DATABASE_URL as string;
    // One per project: api:postgres and api:postgres:own-modules set theirs up side by side.
    const name = `vp_template_${process.pid}_${project.name.replace(/\W+/g, "_")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openPostgres(databaseUrl(url, name));
    await prepareDatabase(database, { seed: true, customerId: TEST_CUSTOMER_ID });
    await database.close();
    project.provide("pgTemplate", name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const database = await openPglite();
  await prepareDatabase(database, { seed: true, customerId: TEST_CUSTOMER_ID });
  const dump = await database.pglite?.dumpDataDir();
  await database.close();
  if (!dump) throw new Error("PGlite dump failed");
  const dir = mkdtempSync(join(tmpdir(), "vp-template-"));
  const file = join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
