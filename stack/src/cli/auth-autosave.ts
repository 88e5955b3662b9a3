/**
 * Periodic export of the Auth emulator's accounts through the firebase-tools hub, so that a
 * killed stack (no --export-on-exit) loses at most the last interval of Auth changes. Firestore
 * and Storage need none of this: they journal every write (see emulators/README.md).
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ports } from "./paths.js";

export const AUTH_AUTOSAVE_MS = 30_000;

/**
 * Each autosave is written beside the export, then swapped in. firebase-tools replaces an export
 * by deleting it and moving the new one in its place, so a kill in between would leave no export
 * at all; here the hub writes to the staging directory and the last complete export is renamed
 * aside only once the new one is complete.
 */
const stagingDir = (exportDir: string) => `${exportDir}.autosave`;
const previousDir = (exportDir: string) => `${exportDir}.previous`;
const isComplete = (dir: string) => existsSync(join(dir, "firebase-export-metadata.json"));

function swapIn(exportDir: string): void {
  rmSync(previousDir(exportDir), { recursive: true, force: true });
  if (existsSync(exportDir)) renameSync(exportDir, previousDir(exportDir));
  renameSync(stagingDir(exportDir), exportDir);
  rmSync(previousDir(exportDir), { recursive: true, force: true });
}

/**
 * Before the emulators import `exportDir`: a stack killed between the swap's two renames left no
 * export there; the newer complete one (staged) or else the previous one takes its place.
 */
export function recoverAuthExport(exportDir: string): void {
  if (isComplete(exportDir)) return;
  const found = [stagingDir(exportDir), previousDir(exportDir)].find(isComplete);
  if (!found) return;
  rmSync(exportDir, { recursive: true, force: true });
  renameSync(found, exportDir);
}

export interface AuthAutosaveOptions {
  /** The firebase-tools emulator hub (default: the stack's, from firebase.json). */
  hubUrl?: string;
  /** Milliseconds between exports (default AUTH_AUTOSAVE_MS). */
  intervalMs?: number;
}

export function startAuthAutosave(
  exportDir: string,
  log: (line: string) => void,
  {
    hubUrl = `http://127.0.0.1:${ports.hub}`,
    intervalMs = AUTH_AUTOSAVE_MS,
  }: AuthAutosaveOptions = {},
): () => void {
  let running: Promise<void> | undefined;
  const save = async () => {
    const response = await fetch(`${hubUrl}/_admin/export`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        path: stagingDir(exportDir),
        initiatedBy: "autosave",
        targets: ["auth"],
      }),
    });
    if (!response.ok) throw new Error(`hub answered ${response.status}: ${await response.text()}`);
    swapIn(exportDir);
  };
  const timer = setInterval(() => {
    if (running) return; // the previous export is still being written
    running = save()
      .catch((err: unknown) => log(`auth autosave failed: ${String(err)}`))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
