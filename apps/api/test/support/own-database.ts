import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { databaseUrl } from "../database-url.ts";

/**
 * A PostgreSQL database of a test's own on the test server (TEST_DATABASE_URL): a copy of the
 * run's migrated, seeded template (global-setup.ts), or an empty one (for processes that migrate
 * and seed it themselves as they start, or a restore); `drop()` removes it and cuts whatever is
 * still connected to it.
 */
export interface OwnDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function ownPostgresDatabase(options: { empty?: boolean; prefix?: string } = {}): Promise<OwnDatabase> {
  const server = process.env.TEST_DATABASE_URL as string;
  const name = `${options.prefix ?? "vp_test"}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(
    options.empty ? `create database ${name}` : `create database ${name} template ${inject("pgTemplate")}`,
  );
  return {
    name,
    url: databaseUrl(server, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The same for a whole test file: made in beforeAll, dropped in afterAll (after the file's own
 * afterAll hooks registered before it have run: register this first). Its `url` is filled in once
 * that beforeAll has run, so read it in hooks and tests, not at the top of the file.
 */
export function useOwnPostgresDatabase(options: { empty?: boolean; prefix?: string } = {}): OwnDatabase {
  const own = {} as OwnDatabase;
  let made: OwnDatabase | undefined;
  beforeAll(async () => {
    made = await ownPostgresDatabase(options);
    Object.assign(own, { name: made.name, url: made.url });
  });
  afterAll(async () => {
    await made?.drop();
  });
  own.drop = async () => {
    await made?.drop();
    made = undefined;
  };
  return own;
}
