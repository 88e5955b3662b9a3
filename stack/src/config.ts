/**
 * The local stack's ports, read from firebase.json (the file firebase-tools starts the Auth,
 * Functions and Hosting emulators from), so a port is written in one place only. The console and
 * the Vite dev server are not firebase-tools emulators: their ports live here.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (this file lives in stack/src). */
export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

const EMULATORS = [
  "hub",
  "logging",
  "hosting",
  "functions",
  "firestore",
  "auth",
  "storage",
] as const;
type EmulatorName = (typeof EMULATORS)[number];

export type StackPorts = Record<EmulatorName, number> & { console: number; vite: number };

/** `emulators.<name>.port` of a firebase.json text; a missing or odd entry is an error. */
export function emulatorPortsOf(firebaseJson: string, file = "firebase.json"): StackPorts {
  const config = JSON.parse(firebaseJson) as { emulators?: Record<string, { port?: unknown }> };
  const ports = {} as Record<EmulatorName, number>;
  for (const name of EMULATORS) {
    const port = config.emulators?.[name]?.port;
    if (typeof port !== "number" || !Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new Error(`${file}: emulators.${name}.port must be a port number.`);
    }
    ports[name] = port;
  }
  return { ...ports, console: 4000, vite: 5173 };
}

export function loadStackPorts(file = join(repoRoot, "firebase.json")): StackPorts {
  return emulatorPortsOf(readFileSync(file, "utf8"), file);
}
