/**
 * `npm run emulators`: Firestore, Storage, Auth and Functions emulators (no Hosting).
 *   --clean   start without the data saved by the previous run
 */
import { defaultDataDir } from "./paths.js";
import { describeUrls, npmRun, runStackInForeground } from "./run.js";

const clean = process.argv.includes("--clean");

npmRun("functions", "build");
await runStackInForeground({
  hosting: false,
  dataDir: defaultDataDir,
  clean,
  output: (line) => console.log(`[firebase] ${line}`),
  banner: (stack) => [
    "",
    `✔ Emulators ready (project demo-platform): ${describeUrls(stack)}`,
    `  Data in ${defaultDataDir}${clean ? " (started clean)" : ""}. Ctrl-C saves it and stops.`,
    "",
  ],
});
