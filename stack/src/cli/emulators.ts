/**
 * `npm run emulators`: Firestore, Storage, Auth and Functions emulators (no Hosting).
 * Also starts the local console at http://127.0.0.1:4000.
 *   --clean   start without the data saved by the previous run
 */
import { defaultDataDir, ports, projectId } from "./paths.js";
import { describeUrls, npmRun, runStackInForeground } from "./run.js";

const clean = process.argv.includes("--clean");

if (process.argv.includes("--help")) {
  console.log(`npm run emulators [-- --clean]   Firestore, Storage, Auth and Functions emulators (no Hosting)

  --clean   start without the data saved by the previous run (.emulator-data)

Also starts the local console at http://127.0.0.1:${ports.console}.`);
  process.exit(0);
}

npmRun("functions", "build");
npmRun("@platform/stack", "build");
await runStackInForeground({
  hosting: false,
  dataDir: defaultDataDir,
  clean,
  console: true,
  output: (line) => console.log(`[firebase] ${line}`),
  banner: (stack) => [
    "",
    `✔ Emulators ready (project ${projectId}): ${describeUrls(stack)}`,
    `  Console: ${stack.urls.console}`,
    `  Data in ${defaultDataDir}${clean ? " (started clean)" : ""}. Ctrl-C saves it and stops.`,
    "",
  ],
});
