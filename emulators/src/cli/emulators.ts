/**
 * `emulators`: the Firestore and Storage emulators in one process, for any Firebase project.
 *   npx tsx src/cli/emulators.ts --config ../firebase.json --export-on-exit ./data --import ./data
 * Options and limits: README.md ("Command line"), or --help.
 */
import { startEmulators } from "../lib/start.js";
import { parseCli, USAGE } from "./options.js";

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCli(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const { options } = parsed;
  const running = await startEmulators(options);
  if (!options.quiet) {
    const where = running.map((e) => `${e.name} http://${e.host}:${e.port}`).join(" · ");
    console.log(`emulators ready (project ${options.projectId}): ${where}`);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (!options.quiet) console.log(`emulators: ${signal} received, exporting and stopping`);
    Promise.all(running.map((e) => e.close())).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(
          `emulators: stop failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
}

main().catch((err: unknown) => {
  console.error(`emulators: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
