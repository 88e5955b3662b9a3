import { initializeApp } from "firebase/app";
import { connectFirestoreEmulator, getFirestore } from "firebase/firestore/lite";
import type { FirebaseStorage } from "firebase/storage";
import { appCheckSiteKey, startAppCheck } from "./appCheck";
import { emulatorPorts, firebaseConfig, usesEmulators } from "./firebaseConfig";

export const firebaseApp = initializeApp(firebaseConfig);
/**
 * The build also renders the public pages in Node (scripts/prerender.mjs): there no SDK talks to
 * anything, so App Check and the emulator connection are for the browser only.
 */
const inBrowser = typeof window !== "undefined";
/**
 * Started before any other SDK makes a call, so that every Firestore, Storage and Auth request
 * carries the App Check token once enforcement is on.
 */
export const appCheck =
  appCheckSiteKey && !usesEmulators && inBrowser
    ? await startAppCheck(firebaseApp, appCheckSiteKey)
    : undefined;
/** Auth is loaded off the critical path: lib/auth.ts (getAuthSdk, useAuthUser). */
export { getAuthSdk } from "./auth";
/**
 * Firestore Lite: plain REST reads under firestore.rules. Members' screens also listen for
 * changes with the full SDK, loaded after sign-in (lib/live).
 */
export const db = getFirestore(firebaseApp);

// Same host the page came from, so the stack works at 127.0.0.1 and at localhost alike.
const emulatorHost = () => window.location.hostname;

if (emulatorPorts && inBrowser)
  connectFirestoreEmulator(db, emulatorHost(), emulatorPorts.firestore);

let storagePromise: Promise<FirebaseStorage> | undefined;

/**
 * Cloud Storage, loaded on first use: images come after the data they belong to, so the SDK
 * stays out of the JavaScript a first visit downloads.
 */
export function getStorageSdk(): Promise<FirebaseStorage> {
  storagePromise ??= import("firebase/storage").then(({ getStorage, connectStorageEmulator }) => {
    const storage = getStorage(firebaseApp);
    if (emulatorPorts) connectStorageEmulator(storage, emulatorHost(), emulatorPorts.storage);
    return storage;
  });
  return storagePromise;
}
