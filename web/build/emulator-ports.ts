/**
 * The ports of the local emulators the web app talks to, read from firebase.json (the one place
 * they are written) when the app is built. A demo build gets them as `__EMULATOR_PORTS__`
 * (web/src/lib/firebaseConfig.ts); a build for a real project gets `null`, so its JavaScript
 * carries no emulator address at all.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
// Relative: this runs inside the bundled Vite config, which would load a workspace package as raw TypeScript.
import { emulatorPortsOf } from "../../common/src/deployment";

const firebaseJson = join(import.meta.dirname, "..", "..", "firebase.json");

const all = emulatorPortsOf(readFileSync(firebaseJson, "utf8"), firebaseJson);

/** Auth, Firestore and Storage are reached by the SDKs; the API goes through `/api` (Hosting or Vite's proxy). */
export const EMULATOR_PORTS = {
  auth: all.auth,
  firestore: all.firestore,
  storage: all.storage,
  functions: all.functions,
} as const;

export type EmulatorPorts = typeof EMULATOR_PORTS;

/** The `define` entry of a build: the ports for a demo build, `null` for a real project. */
export function emulatorPortsDefine(demo: boolean): { __EMULATOR_PORTS__: string } {
  return { __EMULATOR_PORTS__: demo ? JSON.stringify(EMULATOR_PORTS) : "null" };
}
