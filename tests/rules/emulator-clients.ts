/**
 * Starts our Firestore and Storage emulators in-process under the repository's rules, and makes
 * SDK clients for each kind of caller.
 */
import { join } from "node:path";
import { type FirebaseApp, deleteApp, initializeApp as initClientApp } from "firebase/app";
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  type Firestore,
} from "firebase/firestore/lite";
import { connectStorageEmulator, getStorage, type FirebaseStorage } from "firebase/storage";
import { startFirestoreEmulator } from "@platform/emulators/firestore";
import { startStorageEmulator } from "@platform/emulators/storage";
import { firestoreDocumentReader } from "@platform/emulators/firestore-reader";
import { repoRoot } from "@platform/stack/paths";
import { CALLERS, type CallerKind, IDENTITY } from "./callers.js";

export const projectId = "demo-rules-matrix";
export const bucket = `${projectId}.appspot.com`;

export interface RulesStack {
  firestorePort: number;
  storagePort: number;
  close(): Promise<void>;
}

export async function startRulesStack(withStorage: boolean): Promise<RulesStack> {
  process.env.METADATA_SERVER_DETECTION = "none";
  const firestore = await startFirestoreEmulator({
    port: 0,
    rulesFile: join(repoRoot, "firestore.rules"),
    quiet: true,
  });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
  const storage = withStorage
    ? await startStorageEmulator({
        port: 0,
        rulesFile: join(repoRoot, "storage.rules"),
        firestore: firestoreDocumentReader(firestore.engine, projectId),
        quiet: true,
      })
    : null;
  if (storage) process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${storage.port}`;
  return {
    firestorePort: firestore.port,
    storagePort: storage?.port ?? 0,
    async close() {
      await storage?.close();
      await firestore.close();
    },
  };
}

export interface CallerClients {
  firestore: Record<CallerKind, Firestore>;
  storage: Record<CallerKind, FirebaseStorage>;
  close(): Promise<void>;
}

/** One client app per caller, signed in through an emulator mock token with its role claim. */
export function clientsFor(stack: RulesStack): CallerClients {
  // Denials are expected here; the SDK would log each one as an error.
  setLogLevel("silent");
  const apps: FirebaseApp[] = [];
  const firestore = {} as Record<CallerKind, Firestore>;
  const storage = {} as Record<CallerKind, FirebaseStorage>;
  for (const caller of CALLERS) {
    const app = initClientApp({ projectId, apiKey: "demo-key", storageBucket: bucket }, caller);
    apps.push(app);
    const identity = IDENTITY[caller];
    const mockUserToken = identity
      ? {
          user_id: identity.uid,
          sub: identity.uid,
          ...(identity.role ? { role: identity.role } : {}),
        }
      : undefined;
    const db = getFirestore(app);
    connectFirestoreEmulator(
      db,
      "127.0.0.1",
      stack.firestorePort,
      mockUserToken ? { mockUserToken } : {},
    );
    firestore[caller] = db;
    if (stack.storagePort) {
      const st = getStorage(app);
      connectStorageEmulator(
        st,
        "127.0.0.1",
        stack.storagePort,
        mockUserToken ? { mockUserToken } : {},
      );
      storage[caller] = st;
    }
  }
  return {
    firestore,
    storage,
    close: async () => {
      await Promise.all(apps.map((app) => deleteApp(app)));
    },
  };
}

/** Runs an SDK call: true when allowed, false when denied by rules; anything else is a failure. */
export async function allowed(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "permission-denied" || code === "storage/unauthorized") return false;
    throw err;
  }
}

/** A 1×1 PNG: the smallest real image the storage rules accept. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201b1a5a4d80000000049454e44ae426082",
  "hex",
);
