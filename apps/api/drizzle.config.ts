import { defineConfig } from "drizzle-kit";

// Migrations are generated from src/db/schema (npm run db:generate), committed, and never edited after they land.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
