/**
 * Command line for the Firestore emulator alone:
 *   tsx src/firestore/main.ts --port 8080 --rules ../firestore.rules \
 *     --import ./data --export-on-exit ./data [--host 127.0.0.1] [--quiet]
 *     [--cors-origin http://192.168.1.5:5000 ...] [--allow-remote] [--latency 40ms]
 * Browsers may call it from loopback origins only, plus each --cors-origin; a host other than a
 * loopback address needs --allow-remote (the emulator has no real authentication).
 * SIGINT/SIGTERM export (when --export-on-exit is given) and exit.
 */
import { parseArgs } from "node:util";
import { parseLatency } from "./latency.js";
import { startFirestoreEmulator } from "./server.js";

const USAGE =
  "usage: main.ts [--host 127.0.0.1] [--port 8080] [--rules firestore.rules] [--import dir] [--export-on-exit dir] [--quiet] [--cors-origin origin ...] [--allow-remote] [--latency 40ms]";

function parseOptions() {
  const { values } = parseArgs({
    options: {
      host: { type: "string" },
      port: { type: "string", default: "8080" },
      rules: { type: "string" },
      import: { type: "string" },
      "export-on-exit": { type: "string" },
      quiet: { type: "boolean", default: false },
      "cors-origin": { type: "string", multiple: true, default: [] },
      "allow-remote": { type: "boolean", default: false },
      latency: { type: "string", default: "0" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid --port ${values.port}. ${USAGE}`);
  }
  return {
    host: values.host,
    port,
    rulesFile: values.rules,
    importDir: values.import,
    exportDir: values["export-on-exit"],
    quiet: values.quiet,
    corsOrigins: values["cors-origin"],
    allowRemote: values["allow-remote"],
    latencyMs: parseLatency(values.latency),
  };
}

async function main(): Promise<void> {
  const emulator = await startFirestoreEmulator(parseOptions());
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`firestore: ${signal} received, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(
          `firestore: shutdown failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(`firestore: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
