import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [stubUnusedReactfireSdks(), react()],
  server: {
    host: "127.0.0.1",
    port: 5173,
    strictPort: true,
    // In `npm run dev` the API is the Functions emulator; same path as behind Hosting.
    proxy: {
      "/api": {
        target: "http://127.0.0.1:5001",
        rewrite: (path) => `/demo-platform/europe-west1/api${path}`,
      },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
});
