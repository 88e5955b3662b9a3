import { initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth } from "firebase/auth";
import { connectFirestoreEmulator, getFirestore } from "firebase/firestore/lite";
import type { FirebaseStorage } from "firebase/storage";
import { emulatorPorts, firebaseConfig, usesEmulators } from "./firebase-config";

export const firebaseApp = initializeApp(firebaseConfig);
export const auth = getAuth(firebaseApp);
/** Firestore Lite: plain REST reads under firestore.rules (no streaming listeners needed). */
export const db = getFirestore(firebaseApp);

// Same host the page came from, so the stack works at 127.0.0.1 and at localhost alike.
const emulatorHost = () => window.location.hostname;

if (usesEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost()}:${emulatorPorts.auth}`, {
    disableWarnings: true,
  });
  connectFirestoreEmulator(db, emulatorHost(), emulatorPorts.firestore);
}

let storagePromise: Promise<FirebaseStorage> | undefined;

/**
 * Cloud Storage, loaded on first use: images come after the data they belong to, so the SDK
 * stays out of the JavaScript a first visit downloads.
 */
export function getStorageSdk(): Promise<FirebaseStorage> {
  storagePromise ??= import("firebase/storage").then(({ getStorage, connectStorageEmulator }) => {
    const storage = getStorage(firebaseApp);
    if (usesEmulators) connectStorageEmulator(storage, emulatorHost(), emulatorPorts.storage);
    return storage;
  });
  return storagePromise;
}
