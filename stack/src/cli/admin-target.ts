/**
 * Which Firebase project an operations script works on: the emulators when their variables are
 * set (FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST), otherwise the real project named by
 * `--project <id>` (or GOOGLE_CLOUD_PROJECT) with Application Default Credentials.
 */
import { type App, initializeApp } from "firebase-admin/app";
import { DEMO_PROJECT_ID } from "@platform/common/deployment";

export interface AdminTarget {
  app: App;
  projectId: string;
  /** "the emulators at …" or "project …", for the script's first line. */
  description: string;
}

export function adminTarget(args: string[], script: string): AdminTarget {
  const flag = args.indexOf("--project");
  if (flag >= 0 && !args[flag + 1]) fail("--project needs a project id");
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const projectId =
    (flag >= 0 ? args[flag + 1] : undefined) ??
    process.env.GOOGLE_CLOUD_PROJECT ??
    process.env.GCLOUD_PROJECT ??
    (emulator ? DEMO_PROJECT_ID : undefined);
  if (!projectId) {
    fail(`name the project: npm run ${script} -- … --project <id> (or set GOOGLE_CLOUD_PROJECT)`);
  }
  if (!emulator && projectId.startsWith("demo-")) {
    fail(`${projectId} is a demo project: set FIRESTORE_EMULATOR_HOST to use the emulators`);
  }
  const app = initializeApp({ projectId }, `${script}-${Date.now()}`);
  const description = emulator
    ? `the emulators (Firestore ${emulator}), project ${projectId}`
    : `project ${projectId}`;
  return { app, projectId, description };
}

export function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}
