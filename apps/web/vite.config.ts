import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API serves /api and /media on port 3000 (DESIGN §1); in development Vite proxies both so the
// browser sees one origin, exactly as in production where the API also serves this build.
const apiOrigin = "http://localhost:3000";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react()],
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
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "react";
          if (id.includes("node_modules/@mantine/")) return "mantine";
          return "vendor";
        },
      },
    },
  },
});
