/**
 * The whole local stack: this workspace's Firestore and Storage emulators plus the firebase-tools
 * Auth, Functions (and optionally Hosting) emulators, wired to each other through the standard
 * environment variables. Data is imported from and exported to one git-ignored folder.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  type FirebaseEmulators,
  startFirebaseEmulators,
  waitForFirebaseEmulators,
} from "./firebase-emulators.js";
import { startAuthAutosave } from "./auth-autosave.js";
import { type LocalEmulator, startLocalEmulators } from "./local-emulators.js";
import { ports, projectId, repoRoot } from "./paths.js";
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
  /** Aborting while starting stops whatever already started. */
  signal?: AbortSignal;
}

export interface RunningStack {
  env: Record<string, string>;
  urls: Record<string, string>;
  local: LocalEmulator[];
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

  const local = await startLocalEmulators({
    host,
    firestorePort: ports.firestore,
    storagePort: ports.storage,
    projectId,
    firestoreRules: join(repoRoot, "firestore.rules"),
    storageRules: join(repoRoot, "storage.rules"),
    importDir: dataDir,
    exportDir: dataDir,
    quiet: typeof opts.output !== "function",
  });

  let firebase: FirebaseEmulators | undefined;
  let stopAutosave: (() => void) | undefined;
  const stop = async () => {
    stopAutosave?.();
    await firebase?.stop();
    await Promise.allSettled(local.map((e) => e.close()));
  };
  try {
    firebase = startFirebaseEmulators({
      hosting: opts.hosting,
      env: { ...process.env, ...env },
      importDir: dataDir && join(dataDir, "firebase"),
      exportDir: dataDir && join(dataDir, "firebase"),
      output: opts.output,
    });
    await waitForFirebaseEmulators(firebase, opts.hosting, opts.signal);
    if (dataDir) {
      const log = typeof opts.output === "function" ? opts.output : () => undefined;
      stopAutosave = startAuthAutosave(join(dataDir, "firebase"), log);
    }
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

  let stopping: Promise<void> | undefined;
  return {
    env,
    urls,
    local,
    firebaseExited: firebase.exited,
    stop: () => (stopping ??= stop()),
  };
}
