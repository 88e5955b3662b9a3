import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
// Relative: the config is bundled for Node, which would load a workspace package as raw TypeScript.
import { DEMO_PROJECT_ID, REGION } from "../common/src/deployment";
import { type BuildKind, cspMetaTag } from "./build/content-security-policy";
import { EMULATOR_PORTS, emulatorPortsDefine } from "./build/emulator-ports";
import { mantineThemeVariables } from "./build/mantine-theme-variables";

/**
 * Writes this build's Content-Security-Policy meta element right after the charset (see
 * build/content-security-policy.ts). Builds only: the dev server needs inline scripts and a
 * websocket for hot reload, and Hosting is not in front of it.
 */
function contentSecurityPolicyMeta(kind: BuildKind): Plugin {
  const charset = '<meta charset="UTF-8" />';
  return {
    name: "content-security-policy-meta",
    apply: "build",
    transformIndexHtml(html) {
      if (!html.includes(charset)) throw new Error(`index.html lacks ${charset}`);
      return html.replace(charset, `${charset}\n    ${cspMetaTag(kind)}`);
    },
  };
}

/** Mirrors web/src/lib/firebaseConfig.ts: without a project id the build is the demo one. */
function buildKind(mode: string): BuildKind {
  const env = loadEnv(mode, import.meta.dirname, "VITE_");
  const projectId = env.VITE_FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  return { demo: projectId.startsWith("demo-"), appCheck: Boolean(env.VITE_APPCHECK_SITE_KEY) };
}

/**
 * A real deployment names its own contact address: the legal texts and the footer give it to
 * members for their KVKK requests, so the example address must never reach a real project.
 */
function requireSiteIdentity(mode: string, command: string) {
  const env = loadEnv(mode, import.meta.dirname, "VITE_");
  if (command === "build" && !buildKind(mode).demo && !env.VITE_CONTACT_EMAIL?.trim()) {
    throw new Error("VITE_CONTACT_EMAIL must be set for a build of a real project (README)");
  }
}

/** The SSR build that renders the public pages at build time (scripts/prerender.mjs). */
const PRERENDER_OUT_DIR = "dist/.prerender";

export default defineConfig(({ mode, command, isSsrBuild }) => {
  requireSiteIdentity(mode, command);
  return {
    plugins: [contentSecurityPolicyMeta(buildKind(mode)), mantineThemeVariables(), react()],
    define: {
      // The prerendered footer's year, the same in the browser build that hydrates it.
      "import.meta.env.VITE_BUILD_YEAR": JSON.stringify(String(new Date().getFullYear())),
      ...emulatorPortsDefine(buildKind(mode).demo),
    },
    server: {
      host: "127.0.0.1",
      port: 5173,
      strictPort: true,
      // In `npm run dev` the API is the Functions emulator; same path as behind Hosting.
      proxy: {
        "/api": {
          target: `http://127.0.0.1:${EMULATOR_PORTS.functions}`,
          rewrite: (path) => `/${DEMO_PROJECT_ID}/${REGION}/api${path}`,
        },
      },
    },
    build: isSsrBuild
      ? { outDir: PRERENDER_OUT_DIR, emptyOutDir: true, sourcemap: false, manifest: false }
      : {
          outDir: "dist",
          sourcemap: true,
          manifest: true,
          chunkSizeWarningLimit: 800,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Everything the entry imports statically in one file rather than dozens of
                // small shared chunks: on a phone each extra request of the first load costs a
                // round trip.
                groups: [
                  {
                    name: "react",
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]app[\\/]boot[\\/]react/,
                    tags: ["$initial"],
                    priority: 3,
                  },
                  { name: "ui", test: /node_modules[\\/]/, tags: ["$initial"], priority: 2 },
                  { name: "app", tags: ["$initial"], priority: 1 },
                ],
              },
            },
          },
        },
  };
});
