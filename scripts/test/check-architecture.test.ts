import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkTree, MAP, PENDING, TABLE_OWNERS, violationKey, withPending } from "../check-architecture.mjs";

// Each fixture tree under fixtures/ holds one kind of violation (or none: clean); the check must find
// exactly that one. The map the fixtures are read with names their two tables.
const fixtures = join(import.meta.dirname, "fixtures");
const FIXTURE_MAP = {
  owners: { users: { owner: "users" }, orders: { owner: "orders", readers: { users: "fixture: a user's orders" } } },
  readAll: {},
  writeExceptions: [],
  sizeExceptions: {},
};
const M = "apps/api/src/modules";

const expected: Record<string, { file: string; rule: string }[]> = {
  clean: [],
  "route-imports-repository": [
    {
      file: `${M}/users/users.routes.ts`,
      rule: "a route imports a repository or the schema (routes call services) (imports ./users.repository.ts)",
    },
  ],
  "route-imports-sql-builder": [
    {
      file: `${M}/users/users.routes.ts`,
      rule: `a route imports the SQL builder ${M}/users/rename-sql.ts (SQL lives in *.repository.ts, behind a service) (imports ./rename-sql.ts)`,
    },
  ],
  "module-imports-other-repository": [
    {
      file: `${M}/orders/orders.service.ts`,
      rule: "module orders imports module users's repository (use its service) (imports ../users/users.repository.ts)",
    },
  ],
  "service-imports-schema": [
    {
      file: `${M}/orders/orders.service.ts`,
      rule: "only repositories touch tables (a service or helper imports the schema) (imports ../../db/schema/index.ts)",
    },
  ],
  "raw-sql-in-service": [
    {
      file: `${M}/orders/orders.service.ts`,
      rule: "raw SQL in a service (db.execute / sql`…`: SQL lives in the repository)",
    },
  ],
  "db-imports-module": [
    {
      file: "apps/api/src/db/client.ts",
      rule: "the database layer imports a business module (imports ../modules/users/users.service.ts)",
    },
  ],
  "lib-imports-module": [
    {
      file: "apps/api/src/lib/portal-days.ts",
      rule: "API lib/ imports module users (lib is below the modules) (imports ../modules/users/users.service.ts)",
    },
  ],
  "feature-imports-feature": [
    {
      file: "apps/web/src/features/cart/routes/cart-page.tsx",
      rule: "web feature cart imports feature catalog (imports ../../catalog/components/product-card.tsx)",
    },
  ],
  "feature-imports-app-shell": [
    {
      file: "apps/web/src/features/cart/routes/cart-page.tsx",
      rule: "web feature cart imports the app shell (imports ../../../app/router.tsx)",
    },
  ],
  "shared-imports-feature": [
    {
      file: "apps/web/src/components/panel.tsx",
      rule: "shared web code imports feature cart (imports ../features/cart/routes/cart-page.tsx)",
    },
  ],
  "contract-imports-other": [
    { file: "packages/contract/src/index.ts", rule: "the contract imports only zod (imports date-fns)" },
  ],
  "web-imports-api": [
    {
      file: "apps/web/src/lib/format.ts",
      rule: "the web never imports the API (imports ../../../api/src/lib/portal-days.ts)",
    },
  ],
  "repository-reads-foreign-table": [
    {
      file: `${M}/orders/orders.repository.ts`,
      rule: "module orders reads table users (owner: users; ask its service)",
    },
  ],
  "writes-foreign-table": [
    {
      file: `${M}/users/users.repository.ts`,
      rule: "writes table orders (owner: orders; only its repository writes it)",
    },
  ],
  "writes-outside-repository": [
    {
      file: `${M}/orders/placing.ts`,
      rule: "writes table orders (owner: orders; only its repository writes it)",
    },
  ],
  "table-without-owner": [
    { file: "apps/api/src/db/schema/index.ts", rule: "table sessions has no owner in the table map" },
  ],
  "file-too-long": [{ file: "apps/web/src/lib/format.ts", rule: "file over 400 lines" }],
};

describe("the architecture check", () => {
  it("has an expectation for every fixture tree", () => {
    expect(readdirSync(fixtures).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [kind, violations] of Object.entries(expected)) {
    it(`finds exactly ${violations.length ? "the violation" : "nothing"} in fixtures/${kind}`, () => {
      expect(checkTree(join(fixtures, kind), FIXTURE_MAP)).toEqual(violations);
    });
  }

  it("lets PENDING allow exactly its entries and reports an entry nothing matches", () => {
    const found = checkTree(join(fixtures, "file-too-long"), FIXTURE_MAP);
    const key = violationKey(found[0]);
    expect(withPending(found, [key])).toEqual({ violations: [], stale: [] });
    expect(withPending(found, [`${key} `])).toEqual({ violations: found, stale: [`${key} `] });
  });

  it("passes on the project's own tree, PENDING aside, with no stale PENDING entry", () => {
    expect(withPending(checkTree(join(import.meta.dirname, "../.."), MAP), PENDING)).toEqual({
      violations: [],
      stale: [],
    });
  });

  it("shows the same table owners and readers in docs/architecture.md as in the map", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../docs/architecture.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `(\w+)` \| (\w+) \| ([^|]*)\|/gm)].map((m) => [
      m[1],
      m[2],
      m[3].trim() === "—" ? "" : m[3].trim(),
    ]);
    const map = Object.entries(TABLE_OWNERS).map(([table, entry]) => [
      table,
      entry.owner,
      Object.keys(entry.readers ?? {}).join(", "),
    ]);
    expect(rows.sort()).toEqual(map.sort());
  });
});
