/**
 * `npm start`: builds the app, starts the whole local stack with Hosting and prints where it is.
 * `npm run dev` (--dev): the same stack with the Vite dev server (hot reload) instead of Hosting.
 * Both start the local console at http://127.0.0.1:4000.
 *   --clean   start without the data saved by the previous run
 */
import { spawn } from "node:child_process";
import { demoAccountLines } from "../demo/accounts.js";
import { seedDemoData } from "../demo/seed.js";
import { startJobClock } from "./clock.js";
import { defaultDataDir, ports, projectId, repoRoot } from "./paths.js";
import { describeUrls, log, npmRun, runStackInForeground } from "./run.js";
import { httpOk, waitFor } from "./wait.js";

const dev = process.argv.includes("--dev");
const clean = process.argv.includes("--clean");

if (process.argv.includes("--help")) {
  console.log(`npm start [-- --clean]      the app with the whole local stack (Hosting at :${ports.hosting})
npm run dev [-- --clean]    the same with the Vite dev server (hot reload) at :${ports.vite}

  --clean   start without the data saved by the previous run (.emulator-data)

Also starts the local console at http://127.0.0.1:${ports.console} (Firestore, Auth, Storage,
rules Requests, Jobs, Logs), demo data on an empty stack, and the local job clock.`);
  process.exit(0);
}

npmRun("functions", "build");
if (!dev) npmRun("@platform/web", "build");
npmRun("@platform/stack", "build");

await runStackInForeground({
  hosting: !dev,
  dataDir: defaultDataDir,
  clean,
  console: true,
  output: (line) => console.log(`[firebase] ${line}`),
  afterReady: async (stack) => {
    const seed = await seedDemoData({ projectId });
    if (seed.seeded)
      log(
        `Demo data loaded: ${seed.documents} documents, ${seed.files} pictures, ${seed.authUsers} accounts.`,
      );
    // The scheduled jobs run on the local clock so the demo moves on its own.
    const clock = startJobClock({
      projectId,
      log: (line) => {
        log(line);
        stack.logs.add("jobs", line);
      },
    });
    const stopVite = dev ? await startViteDevServer() : undefined;
    return async () => {
      await stopVite?.();
      await clock.stop();
    };
  },
  banner: (stack) => {
    const app = dev ? `http://127.0.0.1:${ports.vite}` : `http://127.0.0.1:${ports.hosting}`;
    return [
      "",
      `✔ Platform running at ${app}`,
      `  Console: ${stack.urls.console}`,
      `  Emulators: ${describeUrls(stack)}`,
      `  Data in ${defaultDataDir}${clean ? " (started clean)" : ""}. Ctrl-C saves it and stops.`,
      "  Demo accounts (e-mail, password, who):",
      ...demoAccountLines().map((line) => `    ${line}`),
      "",
    ];
  },
});

async function startViteDevServer() {
  const vite = spawn("npm", ["run", "dev", "-w", "@platform/web", "--silent"], {
    cwd: repoRoot,
    stdio: "inherit",
    detached: true,
  });
  await waitFor("the Vite dev server", () => httpOk(`http://127.0.0.1:${ports.vite}/`), 60_000);
  log(`Vite dev server on http://127.0.0.1:${ports.vite}`);
  return async () => {
    if (vite.pid !== undefined) {
      try {
        process.kill(-vite.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
}
