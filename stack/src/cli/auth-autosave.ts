/**
 * Periodic export of the Auth emulator's accounts through the firebase-tools hub, so that a
 * killed stack (no --export-on-exit) loses at most the last interval of Auth changes. Firestore
 * and Storage need none of this: they journal every write (see emulators/README.md).
 */
import { ports } from "./paths.js";

export const AUTH_AUTOSAVE_MS = 30_000;

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
      body: JSON.stringify({ path: exportDir, initiatedBy: "autosave", targets: ["auth"] }),
    });
    if (!response.ok) throw new Error(`hub answered ${response.status}: ${await response.text()}`);
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
