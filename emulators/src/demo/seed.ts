/**
 * Loads the demo dataset into the running local stack with firebase-admin: Auth users (with their
 * role claims) through the Auth emulator, documents through the Firestore emulator. Idempotent:
 * fixed ids, set() writes, and a marker so `npm start` seeds only an empty stack.
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { paths } from "@platform/common";
import { buildDemoDataset } from "./demo-dataset.js";

const MARKER = `${paths.jobRuns}/demo-seed`;
/** Firestore allows 500 writes per batch. */
const BATCH_SIZE = 400;

export interface SeedResult {
  seeded: boolean;
  documents: number;
  authUsers: number;
}

export async function seedDemoData(opts: {
  projectId: string;
  now?: Date;
  /** Seed even when the marker says the stack already has the demo data. */
  force?: boolean;
}): Promise<SeedResult> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      "Refusing to seed: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must point at emulators.",
    );
  }
  const app: App = initializeApp({ projectId: opts.projectId }, `demo-seed-${Date.now()}`);
  try {
    const db = getFirestore(app);
    if (!opts.force && (await db.doc(MARKER).get()).exists) {
      return { seeded: false, documents: 0, authUsers: 0 };
    }
    const now = opts.now ?? new Date();
    const dataset = buildDemoDataset(now);

    const auth = getAuth(app);
    for (const user of dataset.authUsers) {
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
      authUsers: dataset.authUsers.length,
    };
  } finally {
    await deleteApp(app);
  }
}
