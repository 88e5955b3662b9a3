/**
 * The local stack's ports, read from firebase.json (the file firebase-tools starts the Auth,
 * Functions and Hosting emulators from), so a port is written in one place only. The console and
 * the Vite dev server are not firebase-tools emulators: their ports live here.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type FirebaseEmulator,
  emulatorPortsOf as firebaseEmulatorPorts,
} from "@platform/common/deployment";

/** Repository root (this file lives in stack/src). */
export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export type StackPorts = Record<FirebaseEmulator, number> & { console: number; vite: number };

/** The ports of a firebase.json text (common's parser) with the console's and Vite's. */
export function emulatorPortsOf(firebaseJson: string, file = "firebase.json"): StackPorts {
  return { ...firebaseEmulatorPorts(firebaseJson, file), console: 4000, vite: 5173 };
}

export function loadStackPorts(file = join(repoRoot, "firebase.json")): StackPorts {
  return emulatorPortsOf(readFileSync(file, "utf8"), file);
}
