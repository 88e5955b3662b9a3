import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (this file lives in stack/src/cli). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const defaultDataDir = join(repoRoot, ".emulator-data");
export const firebaseBin = join(repoRoot, "node_modules/.bin/firebase");
export const projectId = "demo-platform";
export const region = "europe-west1";

export const ports = {
  console: 4000,
  hub: 4400,
  logging: 4500,
  hosting: 5000,
  functions: 5001,
  firestore: 8080,
  auth: 9099,
  storage: 9199,
  vite: 5173,
} as const;
