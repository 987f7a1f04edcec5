import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { mantineCssPerComponent } from "./build/mantine-css.ts";
import { precompress } from "./build/precompress.ts";

// The API serves /api and /media on port 3000 (DESIGN §1); in development Vite proxies both so the
// browser sees one origin, exactly as in production where the API also serves this build.
const apiOrigin = "http://localhost:3000";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react(), mantineCssPerComponent(), precompress()],
  server: {
    port: 5173,
    proxy: {
      "/api": apiOrigin,
      "/media": apiOrigin,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Chunks follow the routes' dynamic imports (router.tsx), so a page loads what it uses and no
    // more (decision 016): no manual vendor chunks, which would put every page's libraries in each.
    rollupOptions: {
      treeshake: {
        // The contract only declares constants and schemas: a module of it none of whose exports a
        // chunk uses is left out (its zod schemas are top-level calls Rollup cannot prove pure).
        moduleSideEffects: (id) => !id.includes("/packages/contract/src/"),
      },
    },
  },
});
