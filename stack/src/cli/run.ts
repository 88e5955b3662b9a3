/**
 * Runs the local stack in the foreground until Ctrl-C / SIGTERM, which save emulator data and stop
 * every child process. Shared by `npm run emulators`, `npm start` and `npm run dev`.
 */
import { spawnSync } from "node:child_process";
import { repoRoot } from "./paths.js";
import { type RunningStack, type StackOptions, startStack } from "./stack.js";

export const log = (line: string) => console.log(line);

export interface RunOptions extends Omit<StackOptions, "signal"> {
  /** Work after the stack is ready (demo data, dev server…); may return extra cleanup. */
  afterReady?: (stack: RunningStack) => Promise<(() => Promise<void>) | void>;
  banner: (stack: RunningStack) => string[];
}

export async function runStackInForeground(opts: RunOptions): Promise<void> {
  const abort = new AbortController();
  // Set once the stack runs; until then a signal only aborts the start.
  const running: { stopAll?: () => Promise<void> } = {};
  let stopping = false;

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    abort.abort();
    const stopAll = running.stopAll;
    if (!stopAll) return; // still starting: the start path cleans up and exits
    log(`\n${signal} received: saving emulator data and stopping…`);
    stopAll().then(
      () => {
        log("Stopped.");
        process.exit(0);
      },
      (err: unknown) => {
        console.error(`Stop failed: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(s, onSignal);

  let stack: RunningStack;
  try {
    stack = await startStack({ ...opts, signal: abort.signal });
  } catch (err) {
    if (stopping) process.exit(0);
    console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }

  let extraCleanup: (() => Promise<void>) | void = undefined;
  const stopAll = async () => {
    if (extraCleanup) await extraCleanup().catch(() => undefined);
    await stack.stop();
  };
  running.stopAll = stopAll;
  if (stopping) {
    await stopAll();
    process.exit(0);
  }

  void stack.firebaseExited.then(async (code) => {
    if (stopping) return;
    console.error(`firebase-tools exited (${code ?? "signal"}); stopping the stack.`);
    stopping = true;
    await stopAll();
    process.exit(1);
  });

  try {
    extraCleanup = await opts.afterReady?.(stack);
  } catch (err) {
    console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
    await stopAll();
    process.exit(1);
  }
  for (const line of opts.banner(stack)) log(line);
}

/** Runs an npm script of a workspace synchronously, failing loudly. */
export function npmRun(workspace: string, script: string) {
  log(`→ npm run ${script} -w ${workspace}`);
  const res = spawnSync("npm", ["run", script, "-w", workspace, "--silent"], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  if (res.status !== 0) {
    console.error(`✖ npm run ${script} -w ${workspace} failed.`);
    process.exit(res.status ?? 1);
  }
}

export function describeUrls(stack: RunningStack): string {
  return Object.entries(stack.urls)
    .map(([name, url]) => `${name} ${url}`)
    .join(" · ");
}
