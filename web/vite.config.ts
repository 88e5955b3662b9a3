import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
// Relative: the config is bundled for Node, which would load a workspace package as raw TypeScript.
import { DEMO_PROJECT_ID, REGION } from "../common/src/deployment";
import { type BuildKind, cspMetaTag } from "./build/content-security-policy";

/**
 * reactfire ships one ESM file that imports every Firebase SDK it wraps. This app uses its App and
 * Auth parts only: it reads Firestore with the Lite SDK and loads Storage and Functions lazily
 * (`lib/firebase.ts`). The full Firestore SDK, Realtime Database, Remote Config, Storage and
 * Functions would still land in the first download (they register themselves on import, and
 * reactfire builds lookup tables from their functions at module level). For imports made by
 * reactfire, those SDKs are replaced by stubs that throw if ever called, so the bundle carries only
 * what the app uses, where it uses it. Calling reactfire's hooks for them fails loudly, which is
 * intended: the app goes through `lib/` instead.
 */
const unusedSdkExports: Record<string, string[]> = {
  "firebase/database": [
    "get",
    "off",
    "onChildAdded",
    "onChildChanged",
    "onChildMoved",
    "onChildRemoved",
    "onValue",
  ],
  "firebase/firestore": ["onSnapshot", "queryEqual"],
  "firebase/functions": ["httpsCallable"],
  "firebase/storage": ["getDownloadURL", "ref"],
  "firebase/remote-config": [
    "ensureInitialized",
    "getAll",
    "getBoolean",
    "getNumber",
    "getString",
    "getValue",
  ],
};

function stubUnusedReactfireSdks(): Plugin {
  const prefix = "\0unused-sdk:";
  return {
    name: "stub-unused-reactfire-sdks",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer && /[\\/]node_modules[\\/]reactfire[\\/]/.test(importer)) {
        if (source in unusedSdkExports) return prefix + source;
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const sdk = id.slice(prefix.length);
      return unusedSdkExports[sdk]!.map(
        (name) =>
          `export function ${name}() { throw new Error("${sdk} is not part of this app (${name})"); }`,
      ).join("\n");
    },
  };
}

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

export default defineConfig(
  ({ mode, command }) => (
    requireSiteIdentity(mode, command),
    {
      plugins: [stubUnusedReactfireSdks(), contentSecurityPolicyMeta(buildKind(mode)), react()],
      server: {
        host: "127.0.0.1",
        port: 5173,
        strictPort: true,
        // In `npm run dev` the API is the Functions emulator; same path as behind Hosting.
        proxy: {
          "/api": {
            target: "http://127.0.0.1:5001",
            rewrite: (path) => `/${DEMO_PROJECT_ID}/${REGION}/api${path}`,
          },
        },
      },
      build: {
        outDir: "dist",
        sourcemap: true,
        manifest: true,
        chunkSizeWarningLimit: 800,
      },
    }
  ),
);
