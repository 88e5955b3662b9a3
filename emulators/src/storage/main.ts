/**
 * CLI: `tsx src/storage/main.ts [--host 127.0.0.1] [--port 9199] [--rules ../storage.rules]
 *       [--import dir] [--export-on-exit dir] [--firestore 127.0.0.1:8080 --project demo-x] [--quiet]
 *       [--cors-origin http://192.168.1.5:5000 ...] [--allow-remote]`
 * Browsers may call it from loopback origins only, plus each --cors-origin; a host other than a
 * loopback address needs --allow-remote (the emulator has no real authentication).
 * `--firestore` points firestore.get()/exists() in storage.rules at a Firestore emulator's REST API.
 * Exports (when asked to) and exits cleanly on SIGINT/SIGTERM.
 */
import { parseArgs } from "node:util";
import { firestoreRestReader } from "./firestore-rest-reader.js";
import { startStorageEmulator } from "./server.js";

const { values } = parseArgs({
  options: {
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "9199" },
    rules: { type: "string" },
    import: { type: "string" },
    "export-on-exit": { type: "string" },
    firestore: { type: "string" },
    project: { type: "string" },
    quiet: { type: "boolean", default: false },
    "cors-origin": { type: "string", multiple: true, default: [] },
    "allow-remote": { type: "boolean", default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port '${values.port}'.`);
  process.exit(2);
}

let emulator;
try {
  emulator = await startStorageEmulator({
    host: values.host,
    port,
    quiet: values.quiet,
    corsOrigins: values["cors-origin"],
    allowRemote: values["allow-remote"],
    ...(values.rules ? { rulesFile: values.rules } : {}),
    ...(values.import ? { importDir: values.import } : {}),
    ...(values["export-on-exit"] ? { exportDir: values["export-on-exit"] } : {}),
    ...(values.firestore
      ? {
          firestore: firestoreRestReader({
            host: values.firestore,
            projectId: values.project ?? process.env.GCLOUD_PROJECT ?? "demo-project",
          }),
        }
      : {}),
  });
} catch (error) {
  console.error(
    `Storage emulator failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const running = emulator;
let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  if (!values.quiet) console.log(`[storage] ${signal}: shutting down`);
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[storage] shutdown failed: ${String(error)}`);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
