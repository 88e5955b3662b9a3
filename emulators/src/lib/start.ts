/**
 * Programmatic start of both emulators in one process: Firestore first, then Storage wired to it
 * so that storage.rules' firestore.get()/exists() read the same documents (as the official
 * emulators do through their hub). Either one may be left out.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { RulesDocumentReader } from "../rules/api.js";
import { startFirestoreEmulator } from "../firestore/server.js";
import { startStorageEmulator } from "../storage/server.js";
import { firestoreDocumentReader } from "./firestore-reader.js";

export interface RunningEmulator {
  name: "firestore" | "storage";
  host: string;
  port: number;
  /** Exports (when an export directory was given) and stops. */
  close(): Promise<void>;
}

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** The rules file, reloaded when it changes; without it only admin requests get through. */
  rulesFile?: string;
}

export interface StartEmulatorsOptions {
  host?: string;
  /** The project whose Firestore documents storage.rules may read. */
  projectId: string;
  /** Leave out (or false) to run without that emulator. */
  firestore?: EmulatorOptions | false;
  storage?: EmulatorOptions | false;
  /** A previous export: `<importDir>/firestore` and `<importDir>/storage`, each used if present. */
  importDir?: string;
  /** Where the data is exported on close (each emulator journals there meanwhile). */
  exportDir?: string;
  quiet?: boolean;
  /** Browser origins allowed besides loopback ones. */
  corsOrigins?: readonly string[];
  /** Allows a non-loopback host; off by default since the emulators have no real authentication. */
  allowRemote?: boolean;
  /** Firestore only: milliseconds every request waits, as a production round trip does. */
  latencyMs?: number;
}

export async function startEmulators(opts: StartEmulatorsOptions): Promise<RunningEmulator[]> {
  const started: RunningEmulator[] = [];
  const sub = (dir: string | undefined, name: string) => (dir ? join(dir, name) : undefined);
  const existing = (dir: string | undefined) => (dir && existsSync(dir) ? dir : undefined);
  const common = {
    host: opts.host,
    quiet: opts.quiet,
    corsOrigins: opts.corsOrigins,
    allowRemote: opts.allowRemote,
  };
  try {
    let firestoreReader: RulesDocumentReader | undefined;
    if (opts.firestore) {
      const fs = await startFirestoreEmulator({
        ...common,
        port: opts.firestore.port,
        rulesFile: opts.firestore.rulesFile,
        importDir: existing(sub(opts.importDir, "firestore")),
        exportDir: sub(opts.exportDir, "firestore"),
        latencyMs: opts.latencyMs,
      });
      started.push({ name: "firestore", host: fs.host, port: fs.port, close: () => fs.close() });
      firestoreReader = firestoreDocumentReader(fs.engine, opts.projectId);
    }
    if (opts.storage) {
      const st = await startStorageEmulator({
        ...common,
        port: opts.storage.port,
        rulesFile: opts.storage.rulesFile,
        firestore: firestoreReader,
        importDir: existing(sub(opts.importDir, "storage")),
        exportDir: sub(opts.exportDir, "storage"),
      });
      started.push({ name: "storage", host: st.host, port: st.port, close: () => st.close() });
    }
    return started;
  } catch (err) {
    await Promise.allSettled(started.map((e) => e.close()));
    throw err;
  }
}
