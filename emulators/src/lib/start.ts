/**
 * Starts this workspace's own Firestore and Storage emulators in-process. Each is optional so the
 * stack still starts while one of them is missing from a checkout.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { firestoreDocumentReader } from "./firestore-reader.js";

export interface LocalEmulator {
  name: "firestore" | "storage";
  port: number;
  close(): Promise<void>;
}

interface LocalEmulatorOptions {
  host: string;
  firestorePort: number;
  storagePort: number;
  projectId: string;
  firestoreRules: string;
  storageRules: string;
  importDir?: string; // <dataDir>; each emulator uses its own sub-folder
  exportDir?: string;
  quiet: boolean;
}

const srcDir = fileURLToPath(new URL("..", import.meta.url));

async function importIfPresent<T>(relative: string): Promise<T | null> {
  const file = join(srcDir, relative);
  if (!existsSync(file)) return null;
  return (await import(file)) as T;
}

type FirestoreModule = typeof import("../firestore/server.js");
type StorageModule = typeof import("../storage/server.js");

export async function startLocalEmulators(opts: LocalEmulatorOptions): Promise<LocalEmulator[]> {
  const started: LocalEmulator[] = [];
  const sub = (dir: string | undefined, name: string) => (dir ? join(dir, name) : undefined);
  try {
    const firestoreModule = await importIfPresent<FirestoreModule>("firestore/server.ts");
    let firestoreReader: import("../rules/api.js").RulesDocumentReader | undefined;
    if (firestoreModule) {
      const importDir = sub(opts.importDir, "firestore");
      const fs = await firestoreModule.startFirestoreEmulator({
        host: opts.host,
        port: opts.firestorePort,
        rulesFile: opts.firestoreRules,
        importDir: importDir && existsSync(importDir) ? importDir : undefined,
        exportDir: sub(opts.exportDir, "firestore"),
        quiet: opts.quiet,
      });
      started.push({ name: "firestore", port: fs.port, close: () => fs.close() });
      firestoreReader = firestoreDocumentReader(fs.engine, opts.projectId);
    }

    const storageModule = await importIfPresent<StorageModule>("storage/server.ts");
    if (storageModule) {
      const importDir = sub(opts.importDir, "storage");
      const st = await storageModule.startStorageEmulator({
        host: opts.host,
        port: opts.storagePort,
        rulesFile: opts.storageRules,
        firestore: firestoreReader,
        importDir: importDir && existsSync(importDir) ? importDir : undefined,
        exportDir: sub(opts.exportDir, "storage"),
        quiet: opts.quiet,
      });
      started.push({ name: "storage", port: st.port, close: () => st.close() });
    }
    return started;
  } catch (err) {
    await Promise.allSettled(started.map((e) => e.close()));
    throw err;
  }
}
