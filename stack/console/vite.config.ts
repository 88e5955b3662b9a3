import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The local console's single-page app, served by stack/src/console/server.ts. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    host: "127.0.0.1",
    port: 4001,
    // While working on the console: `npx vite stack/console` with the stack running.
    proxy: { "/api": "http://127.0.0.1:4000" },
  },
});
