import { join } from "node:path";
import { DEMO_PROJECT_ID, REGION } from "@platform/common/deployment";
import { loadStackPorts, repoRoot } from "../config.js";

export { repoRoot };
export const defaultDataDir = join(repoRoot, ".emulator-data");
export const firebaseBin = join(repoRoot, "node_modules/.bin/firebase");
export const projectId = DEMO_PROJECT_ID;
export const region = REGION;

/** The emulators' ports from firebase.json, plus the console's and Vite's. */
export const ports = loadStackPorts();
