/**
 * Where the platform runs, written once: the region of its Cloud Functions (Members are in
 * Türkiye; europe-west1 is the closest region with every service the platform uses) and the
 * project id of the local stack. A `demo-` project can never reach a real Firebase project, so the
 * emulators and scripts fall back to it. firebase.json repeats the region for Hosting's /api
 * rewrite, as firebase-tools reads it there.
 */
export const REGION = "europe-west1";
export const DEMO_PROJECT_ID = "demo-platform";
export const DEMO_STORAGE_BUCKET = `${DEMO_PROJECT_ID}.appspot.com`;

/** The emulators firebase.json declares (firebase-tools starts Auth, Functions and Hosting). */
export const FIREBASE_EMULATORS = [
  "hub",
  "logging",
  "hosting",
  "functions",
  "firestore",
  "auth",
  "storage",
] as const;
export type FirebaseEmulator = (typeof FIREBASE_EMULATORS)[number];

/**
 * `emulators.<name>.port` of a firebase.json text, the one place a local port is written (the
 * stack starts from it, the web build injects the ones its SDKs reach); a missing or odd entry is
 * an error. Pure: the caller reads the file.
 */
export function emulatorPortsOf(
  firebaseJson: string,
  file = "firebase.json",
): Record<FirebaseEmulator, number> {
  const config = JSON.parse(firebaseJson) as { emulators?: Record<string, { port?: unknown }> };
  const ports = {} as Record<FirebaseEmulator, number>;
  for (const name of FIREBASE_EMULATORS) {
    const port = config.emulators?.[name]?.port;
    if (typeof port !== "number" || !Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new Error(`${file}: emulators.${name}.port must be a port number.`);
    }
    ports[name] = port;
  }
  return ports;
}
