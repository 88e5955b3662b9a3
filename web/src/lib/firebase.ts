import { initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth } from "firebase/auth";
import { connectFirestoreEmulator, getFirestore } from "firebase/firestore/lite";
import { connectFunctionsEmulator, getFunctions } from "firebase/functions";
import { connectStorageEmulator, getStorage } from "firebase/storage";
import { emulatorPorts, firebaseConfig, usesEmulators } from "./firebase-config";

export const firebaseApp = initializeApp(firebaseConfig);
export const auth = getAuth(firebaseApp);
/** Firestore Lite: plain REST reads under firestore.rules (no streaming listeners needed). */
export const db = getFirestore(firebaseApp);
export const storage = getStorage(firebaseApp);
export const functions = getFunctions(firebaseApp, "europe-west1");

if (usesEmulators) {
  // Same host the page came from, so the stack works at 127.0.0.1 and at localhost alike.
  const host = window.location.hostname;
  connectAuthEmulator(auth, `http://${host}:${emulatorPorts.auth}`, { disableWarnings: true });
  connectFirestoreEmulator(db, host, emulatorPorts.firestore);
  connectStorageEmulator(storage, host, emulatorPorts.storage);
  connectFunctionsEmulator(functions, host, emulatorPorts.functions);
}
