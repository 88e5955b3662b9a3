/**
 * How the test process reaches the local stack the suites run against (ports from firebase.json,
 * the demo project of common/src/deployment.ts): firebase-admin's environment, the emulators' clear-data endpoints and
 * a browser session seeded without going through the login screen.
 */
import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectFirestoreEmulator, getFirestore, type Firestore } from "firebase/firestore/lite";
import type { BrowserContext } from "playwright-core";
import { DEMO_PROJECT_ID, DEMO_STORAGE_BUCKET, REGION } from "@platform/common/deployment";
import { loadStackPorts } from "@platform/stack/config";

export const PROJECT_ID = DEMO_PROJECT_ID;
export const BUCKET = DEMO_STORAGE_BUCKET;
/** The stack's ports, from firebase.json. */
export const PORTS = loadStackPorts();
export const AUTH_HOST = `127.0.0.1:${PORTS.auth}`;
export const FIRESTORE_HOST = `127.0.0.1:${PORTS.firestore}`;
const STORAGE_HOST = `127.0.0.1:${PORTS.storage}`;
/** The api function's path below the Functions emulator's origin. */
export const API_FUNCTION_PATH = `/${PROJECT_ID}/${REGION}/api`;
/** The web app's key when built without a Firebase config (lib/firebaseConfig.ts). */
const API_KEY = "demo-api-key";

/** Points firebase-admin in this process at the stack's emulators. */
export function pointAtStack(): void {
  Object.assign(process.env, {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: FIRESTORE_HOST,
    FIREBASE_AUTH_EMULATOR_HOST: AUTH_HOST,
    FIREBASE_STORAGE_EMULATOR_HOST: STORAGE_HOST,
    STORAGE_EMULATOR_HOST: `http://${STORAGE_HOST}`,
    METADATA_SERVER_DETECTION: "none",
  });
}

/**
 * The web SDK of a signed-out visitor against the stack's Firestore, under the real rules: what
 * anyone can read without the SPA. `close` deletes its app.
 */
export function visitorFirestore(): { db: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ apiKey: API_KEY, projectId: PROJECT_ID }, `visitor-${Date.now()}`);
  const db = getFirestore(app);
  const [host, port] = FIRESTORE_HOST.split(":");
  connectFirestoreEmulator(db, host!, Number(port));
  return { db, close: () => deleteApp(app) };
}

/** Empties Firestore and the Auth accounts of the running stack. */
export async function clearStackData(): Promise<void> {
  await fetch(
    `http://${FIRESTORE_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: "DELETE",
  });
}

/**
 * Makes pages of `context` start signed in as `email`: the Auth user the web SDK would have
 * persisted, put in place once per context, so that after the app logs out a reload stays out.
 */
export async function signInContext(
  context: BrowserContext,
  email: string,
  password: string,
): Promise<void> {
  const app = initializeApp({ apiKey: API_KEY, projectId: PROJECT_ID }, `session-${Date.now()}`);
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${AUTH_HOST}`, { disableWarnings: true });
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    const persisted = { ...user.toJSON(), appName: "[DEFAULT]" };
    await context.addInitScript(
      ([k, v, seeded]) => {
        if (window.localStorage.getItem(seeded)) return;
        window.localStorage.setItem(k, v);
        window.localStorage.setItem(seeded, "1");
      },
      [
        `firebase:authUser:${API_KEY}:[DEFAULT]`,
        JSON.stringify(persisted),
        "test.sessionSeeded",
      ] as const,
    );
  } finally {
    await deleteApp(app);
  }
}

/**
 * The Firestore emulator's open Listen streams of one signed-in user and the targets they hold
 * (`GET /emulator/v1/listens`): what a page leaves behind after a screen or a session ends.
 */
export async function listensOf(uid: string): Promise<{ streams: number; targets: number }> {
  const res = await fetch(
    `http://${FIRESTORE_HOST}/emulator/v1/listens?uid=${encodeURIComponent(uid)}`,
  );
  if (!res.ok) throw new Error(`listens: ${res.status}`);
  const { streams, targets } = (await res.json()) as { streams: number; targets: number };
  return { streams, targets };
}
