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
