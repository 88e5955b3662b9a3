/**
 * The whole local stack: this workspace's Firestore and Storage emulators plus the firebase-tools
 * Auth, Functions (and optionally Hosting) emulators, wired to each other through the standard
 * environment variables. Data is imported from and exported to one git-ignored folder.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulators } from "@platform/emulators";
import {
  type FirebaseEmulators,
  startFirebaseEmulators,
  waitForFirebaseEmulators,
} from "./firebase-emulators.js";
import { recoverAuthExport, startAuthAutosave } from "./auth-autosave.js";
import { LogBuffer } from "../console/log-buffer.js";
import { type RunningConsole, startConsole } from "../console/server.js";
import { platformConsoleJobs } from "./console-jobs.js";
import { ports, projectId, region, repoRoot } from "./paths.js";
import { portIsFree } from "./wait.js";

export interface StackOptions {
  /** Also serve the built web app (web/dist) through the Hosting emulator. */
  hosting: boolean;
  /** Folder for emulator data; null keeps nothing between runs. */
  dataDir: string | null;
  /** Start without the data of the previous run (the folder is emptied). */
  clean: boolean;
  /** Child output: printed line by line, or written to a file. */
  output: ((line: string) => void) | { file: string };
  /** Also start the local console (http://127.0.0.1:4000). */
  console?: boolean;
  /** Aborting while starting stops whatever already started. */
  signal?: AbortSignal;
}

export interface RunningStack {
  env: Record<string, string>;
  urls: Record<string, string>;
  local: RunningEmulator[];
  /** The stack's recent log lines (firebase-tools output; callers add theirs), for the console. */
  logs: LogBuffer;
  /** Resolves when the firebase-tools child exits on its own (a crash). */
  firebaseExited: Promise<number | null>;
  stop(): Promise<void>;
}

const host = "127.0.0.1";

/** Environment every process of the stack (and every script talking to it) runs with. */
export function stackEnvironment(): Record<string, string> {
  return {
    GCLOUD_PROJECT: projectId,
    FIREBASE_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: `${host}:${ports.firestore}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `${host}:${ports.storage}`,
    STORAGE_EMULATOR_HOST: `http://${host}:${ports.storage}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
    // Keep google-auth-library from probing the cloud metadata server offline.
    METADATA_SERVER_DETECTION: "none",
    NO_UPDATE_NOTIFIER: "1",
  };
}

export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const wanted = [
    ports.firestore,
    ports.storage,
    ports.auth,
    ports.functions,
    ports.hub,
    ports.logging,
    ...(opts.hosting ? [ports.hosting] : []),
    ...(opts.console ? [ports.console] : []),
  ];
  const busy: number[] = [];
  for (const port of wanted) if (!(await portIsFree(port))) busy.push(port);
  if (busy.length > 0) {
    throw new Error(
      `Port(s) ${busy.join(", ")} already in use. Is another local stack running? Stop it first.`,
    );
  }
  if (opts.hosting && !existsSync(join(repoRoot, "web/dist/index.html"))) {
    throw new Error("web/dist is missing: build the web app first (npm run build -w web).");
  }

  if (opts.dataDir && opts.clean) rmSync(opts.dataDir, { recursive: true, force: true });
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const dataDir = opts.dataDir ?? undefined;

  const env = stackEnvironment();
  Object.assign(process.env, env);

  const local = await startEmulators({
    host,
    projectId,
    firestore: { port: ports.firestore, rulesFile: join(repoRoot, "firestore.rules") },
    storage: { port: ports.storage, rulesFile: join(repoRoot, "storage.rules") },
    importDir: dataDir,
    exportDir: dataDir,
    quiet: typeof opts.output !== "function",
  });

  const logs = new LogBuffer();
  const { output, closeOutput } = teeOutput(opts.output, logs);
  let firebase: FirebaseEmulators | undefined;
  let localConsole: RunningConsole | undefined;
  let stopAutosave: (() => void) | undefined;
  const stop = async () => {
    stopAutosave?.();
    await localConsole?.close();
    await firebase?.stop();
    await Promise.allSettled(local.map((e) => e.close()));
    closeOutput();
  };
  try {
    if (dataDir) recoverAuthExport(join(dataDir, "firebase"));
    firebase = startFirebaseEmulators({
      hosting: opts.hosting,
      env: { ...process.env, ...env },
      importDir: dataDir && join(dataDir, "firebase"),
      exportDir: dataDir && join(dataDir, "firebase"),
      output,
    });
    await waitForFirebaseEmulators(firebase, opts.hosting, opts.signal);
    if (dataDir) {
      const log = typeof opts.output === "function" ? opts.output : () => undefined;
      stopAutosave = startAuthAutosave(join(dataDir, "firebase"), log);
    }
    if (opts.console) localConsole = await startLocalConsole(opts.hosting, logs);
  } catch (err) {
    await stop();
    throw err;
  }

  const urls: Record<string, string> = {
    ...(opts.hosting ? { hosting: `http://${host}:${ports.hosting}` } : {}),
    functions: `http://${host}:${ports.functions}`,
    auth: `http://${host}:${ports.auth}`,
  };
  for (const e of local) urls[e.name] = `http://${host}:${e.port}`;
  if (localConsole) urls.console = localConsole.url;

  let stopping: Promise<void> | undefined;
  return {
    env,
    urls,
    local,
    logs,
    firebaseExited: firebase.exited,
    stop: () => (stopping ??= stop()),
  };
}

/** Child output goes where the caller wants it and into the console's log buffer. */
function teeOutput(
  output: StackOptions["output"],
  logs: LogBuffer,
): { output: (line: string) => void; closeOutput: () => void } {
  if (typeof output === "function") {
    return {
      output: (line) => {
        logs.add("firebase", line);
        output(line);
      },
      closeOutput: () => undefined,
    };
  }
  const file = createWriteStream(output.file, { flags: "a" });
  return {
    output: (line) => {
      logs.add("firebase", line);
      file.write(`${line}\n`);
    },
    closeOutput: () => file.end(),
  };
}

function startLocalConsole(hosting: boolean, logs: LogBuffer): Promise<RunningConsole> {
  const at = (port: number) => `http://${host}:${port}`;
  return startConsole({
    host,
    port: ports.console,
    projectId,
    firestoreUrl: at(ports.firestore),
    authUrl: at(ports.auth),
    storageUrl: at(ports.storage),
    storageBucket: `${projectId}.appspot.com`,
    services: [
      ...(hosting ? [{ name: "Hosting", url: at(ports.hosting) }] : []),
      {
        name: "Functions",
        url: at(ports.functions),
        healthUrl: `${at(ports.functions)}/${projectId}/${region}/api/api/health`,
      },
      { name: "Firestore", url: at(ports.firestore) },
      { name: "Storage", url: at(ports.storage) },
      { name: "Auth", url: at(ports.auth) },
      { name: "Emulator hub", url: at(ports.hub), healthUrl: `${at(ports.hub)}/emulators` },
      {
        name: "Console",
        url: at(ports.console),
        healthUrl: `${at(ports.console)}/api/logs?search=-`,
      },
    ],
    logs,
    jobs: platformConsoleJobs((line) => logs.add("jobs", line)),
  });
}
