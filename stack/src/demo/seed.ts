/**
 * Loads the demo dataset into the running local stack with firebase-admin: Auth users (with their
 * role claims) through the Auth emulator, documents through the Firestore emulator. Idempotent:
 * fixed ids, set() writes, and a marker so `npm start` seeds only an empty stack.
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { paths } from "@platform/common";
import { buildDemoDataset } from "./demo-dataset.js";

const MARKER = `${paths.jobRuns}/demo-seed`;
/** Firestore allows 500 writes per batch. */
const BATCH_SIZE = 400;

export interface SeedResult {
  seeded: boolean;
  documents: number;
  authUsers: number;
  files: number;
}

export async function seedDemoData(opts: {
  projectId: string;
  now?: Date;
  /** Seed even when the marker says the stack already has the demo data. */
  force?: boolean;
  /** Create the demo sign-in accounts in the Auth emulator (default true). */
  authUsers?: boolean;
  /** Bucket of the pictures; the web app's default bucket when absent. */
  storageBucket?: string;
}): Promise<SeedResult> {
  const hosts = ["FIRESTORE_EMULATOR_HOST", "FIREBASE_STORAGE_EMULATOR_HOST"];
  if (opts.authUsers !== false) hosts.push("FIREBASE_AUTH_EMULATOR_HOST");
  const missing = hosts.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(`Refusing to seed: ${missing.join(", ")} must point at emulators.`);
  }
  const storageBucket = opts.storageBucket ?? `${opts.projectId}.appspot.com`;
  const app: App = initializeApp(
    { projectId: opts.projectId, storageBucket },
    `demo-seed-${Date.now()}`,
  );
  try {
    const db = getFirestore(app);
    if (!opts.force && (await db.doc(MARKER).get()).exists) {
      return { seeded: false, documents: 0, authUsers: 0, files: 0 };
    }
    const now = opts.now ?? new Date();
    const dataset = buildDemoDataset(now);

    const auth = getAuth(app);
    for (const user of opts.authUsers === false ? [] : dataset.authUsers) {
      const props = {
        email: user.email,
        password: user.password,
        displayName: user.displayName,
        emailVerified: true,
      };
      try {
        await auth.updateUser(user.uid, props);
      } catch {
        await auth.createUser({ uid: user.uid, ...props });
      }
      await auth.setCustomUserClaims(user.uid, user.role ? { role: user.role } : null);
    }

    const bucket = getStorage(app).bucket();
    for (let i = 0; i < dataset.files.length; i += 8) {
      await Promise.all(
        dataset.files
          .slice(i, i + 8)
          .map((f) => bucket.file(f.path).save(f.bytes, { contentType: f.contentType })),
      );
    }

    for (let i = 0; i < dataset.documents.length; i += BATCH_SIZE) {
      const batch = db.batch();
      for (const { path, data } of dataset.documents.slice(i, i + BATCH_SIZE)) {
        batch.set(db.doc(path), data);
      }
      await batch.commit();
    }
    await db.doc(MARKER).set({ seededAt: now, documents: dataset.documents.length });
    return {
      seeded: true,
      documents: dataset.documents.length,
      authUsers: opts.authUsers === false ? 0 : dataset.authUsers.length,
      files: dataset.files.length,
    };
  } finally {
    await deleteApp(app);
  }
}
