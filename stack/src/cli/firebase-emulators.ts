/**
 * The firebase-tools emulators that run offline in Node (Auth, Functions, Hosting), started as
 * one child process in its own process group so that stopping it never leaves a worker behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { firebaseBin, ports, projectId, region, repoRoot } from "./paths.js";
import { httpOk, waitFor } from "./wait.js";

export interface FirebaseEmulatorsOptions {
  hosting: boolean;
  env: NodeJS.ProcessEnv;
  importDir?: string;
  exportDir?: string;
  /** Where child output goes: a function per line, or a log file. */
  output: ((line: string) => void) | { file: string };
}

export interface FirebaseEmulators {
  exited: Promise<number | null>;
  isRunning(): boolean;
  stop(): Promise<void>;
}

export function startFirebaseEmulators(opts: FirebaseEmulatorsOptions): FirebaseEmulators {
  const only = ["auth", "functions", ...(opts.hosting ? ["hosting"] : [])];
  const args = ["emulators:start", "--only", only.join(","), "--project", projectId];
  if (opts.importDir && existsSync(join(opts.importDir, "firebase-export-metadata.json"))) {
    args.push("--import", opts.importDir);
  }
  if (opts.exportDir) {
    mkdirSync(opts.exportDir, { recursive: true });
    args.push("--export-on-exit", opts.exportDir);
  }

  const child: ChildProcess = spawn(firebaseBin, args, {
    cwd: repoRoot,
    env: opts.env,
    detached: true, // own process group: we decide when and how it stops
    stdio: ["ignore", "pipe", "pipe"],
  });
  pipeOutput(child, opts.output);

  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      running = false;
      resolve(code);
    });
  });

  return {
    exited,
    isRunning: () => running,
    async stop() {
      if (!running || child.pid === undefined) return;
      // SIGINT lets firebase-tools export (--export-on-exit) and stop its workers.
      signalGroup(child.pid, "SIGINT");
      const killTimer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), 30_000);
      await exited;
      clearTimeout(killTimer);
      // Workers of the Functions emulator share the group; make sure none outlives us.
      signalGroup(child.pid, "SIGKILL");
    },
  };
}

export async function waitForFirebaseEmulators(
  fb: FirebaseEmulators,
  hosting: boolean,
  signal?: AbortSignal,
): Promise<void> {
  const aborted = () => !fb.isRunning() || signal?.aborted === true;
  const health = `http://127.0.0.1:${ports.functions}/${projectId}/${region}/api/api/health`;
  await waitFor(
    "the Auth emulator",
    () => httpOk(`http://127.0.0.1:${ports.auth}/`),
    90_000,
    aborted,
  );
  await waitFor("the api function", () => httpOk(health), 120_000, aborted);
  if (hosting) {
    await waitFor("Hosting", () => httpOk(`http://127.0.0.1:${ports.hosting}/`), 60_000, aborted);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function pipeOutput(child: ChildProcess, output: FirebaseEmulatorsOptions["output"]) {
  if (typeof output === "function") {
    for (const stream of [child.stdout, child.stderr]) {
      let pending = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        pending += chunk;
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) if (line.trim()) output(line);
      });
    }
    return;
  }
  const file = createWriteStream(output.file, { flags: "a" });
  child.stdout?.pipe(file, { end: false });
  child.stderr?.pipe(file, { end: false });
  child.once("exit", () => file.end());
}
