import type { FirebaseOptions } from "firebase/app";
import { DEMO_PROJECT_ID, DEMO_STORAGE_BUCKET } from "@platform/common/deployment";

/**
 * Firebase web config from the build environment (VITE_FIREBASE_*). Without it the app runs
 * against the local emulators as the demo project (common/src/deployment.ts); a `demo-` project can never reach
 * production services, so a missing config fails safe.
 */
export const firebaseConfig: FirebaseOptions = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? "demo-api-key",
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN ?? `${DEMO_PROJECT_ID}.firebaseapp.com`,
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID,
  storageBucket: import.meta.env.VITE_FIREBASE_STORAGE_BUCKET ?? DEMO_STORAGE_BUCKET,
  appId: import.meta.env.VITE_FIREBASE_APP_ID ?? "1:000000000000:web:0000000000000000",
};

export const usesEmulators = (firebaseConfig.projectId ?? "").startsWith("demo-");

/**
 * The local emulators' ports, taken from firebase.json by the build (web/build/emulator-ports.ts);
 * null when the app talks to a real project, whose build carries none.
 */
export const emulatorPorts = usesEmulators ? __EMULATOR_PORTS__ : null;

/** An emulator on the host the page came from, so the stack works at 127.0.0.1 and localhost alike. */
export const emulatorOrigin = (port: number) => `http://${window.location.hostname}:${port}`;
