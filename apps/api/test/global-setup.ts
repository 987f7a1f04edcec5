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

/** A template made once per run and driver, and what drops it; shared by that driver's projects. */
interface Template {
  value: string;
  users: number;
  drop: () => Promise<void> | void;
}
/**
 * Vitest calls this set-up once for each project that names it (a driver's shared module graph and
 * its ":own-modules"), in its main process, and may load the file once per project: the templates
 * are kept on globalThis, so the second project of a driver reuses the first's (one seed, ~10 s, less).
 */
const shared = globalThis as { __vetportalTemplates?: Map<string, Promise<Template>> };
shared.__vetportalTemplates ??= new Map();
const templates = shared.__vetportalTemplates;

/**
 * Migrates and seeds one template database per run and driver; every test file then starts from a
 * fresh copy of it (STYLE §8): a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DRIVER === "pg" ? "pg" : "pglite";
  let made = templates.get(driver);
  if (!made) {
    made = driver === "pg" ? postgresTemplate() : pgliteTemplate();
    templates.set(driver, made);
  }
  const template = await made;
  template.users += 1;
  project.provide(driver === "pg" ? "pgTemplate" : "pgliteTemplate", template.value);
  return async () => {
    template.users -= 1;
    if (template.users === 0) {
      templates.delete(driver);
      await template.drop();
    }
  };
}

async function postgresTemplate(): Promise<Template> {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `vp_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  // Kept open for the run: a server that goes away under it (57P01) fails the tear-down with its
  // message instead of crashing the run with an unhandled 'error' event.
  admin.on("error", (err) => console.error(`the template's PostgreSQL connection failed: ${err.message}`));
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const database = await openPostgres(databaseUrl(url, name));
  await prepareDatabase(database, { seed: true, customerId: TEST_CUSTOMER_ID });
  await database.close();
  return {
    value: name,
    users: 0,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function pgliteTemplate(): Promise<Template> {
  const database = await openPglite();
  await prepareDatabase(database, { seed: true, customerId: TEST_CUSTOMER_ID });
  const dump = await database.pglite?.dumpDataDir();
  await database.close();
  if (!dump) throw new Error("PGlite dump failed");
  const dir = mkdtempSync(join(tmpdir(), "vp-template-"));
  const file = join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { value: file, users: 0, drop: () => rmSync(dir, { recursive: true, force: true }) };
}
