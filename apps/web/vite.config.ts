import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

// The API serves /api and /media on port 3000 (DESIGN §1); in development Vite proxies both so the
// browser sees one origin, exactly as in production where the API also serves this build.
const apiOrigin = "http://localhost:3000";

const CHART_PACKAGES =
  /node_modules\/(@mantine\/(charts|dates)|recharts|victory-vendor|d3-[a-z-]+|internmap|dayjs|@reduxjs\/toolkit|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)\//;

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react(), precompress()],
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
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes("node_modules")) return undefined;
          // The reports page's chart and date pickers (recharts and what only it uses) load with that
          // page, not with every page.
          if (CHART_PACKAGES.test(id)) return "charts";
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "react";
          if (id.includes("node_modules/@mantine/")) return "mantine";
          return "vendor";
        },
      },
    },
  },
});
