import { type App, getApps, initializeApp } from "firebase-admin/app";
import { type Auth, getAuth } from "firebase-admin/auth";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { projectId, storageBucketName } from "./config.js";

let firestore: Firestore | undefined;

export function adminApp(): App {
  return (
    getApps()[0] ?? initializeApp({ projectId: projectId(), storageBucket: storageBucketName() })
  );
}

export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(adminApp());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}

export function bucket() {
  return getStorage(adminApp()).bucket(storageBucketName());
}
