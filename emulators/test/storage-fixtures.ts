/** Shared setup for the storage emulator tests: emulator instances and SDK clients. */
import { randomBytes } from "node:crypto";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectStorageEmulator, getStorage, type FirebaseStorage } from "firebase/storage";
import {
  startStorageEmulator,
  type StorageEmulator,
  type StorageEmulatorOptions,
} from "../src/storage/index.js";

export const PROJECT_ID = "demo-storage";
export const BUCKET = "demo-storage.appspot.com";

export function startTestEmulator(
  options: Partial<StorageEmulatorOptions> = {},
): Promise<StorageEmulator> {
  return startStorageEmulator({ port: 0, quiet: true, ...options });
}

const apps: FirebaseApp[] = [];
let appCounter = 0;

/**
 * A `firebase/storage` client. `who`: "owner" (the admin token the emulators accept), a uid
 * (a signed-in user with a mock ID token), or null (a visitor without auth).
 */
export function webStorage(
  emulator: StorageEmulator,
  who: string | null,
  claims: Record<string, unknown> = {},
): FirebaseStorage {
  const app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: BUCKET, apiKey: "fake-api-key", appId: "1:1:web:1" },
    `storage-test-${appCounter++}`,
  );
  apps.push(app);
  const storage = getStorage(app);
  if (who === null) {
    connectStorageEmulator(storage, emulator.host, emulator.port);
  } else if (who === "owner") {
    connectStorageEmulator(storage, emulator.host, emulator.port, { mockUserToken: "owner" });
  } else {
    connectStorageEmulator(storage, emulator.host, emulator.port, {
      mockUserToken: { sub: who, user_id: who, ...claims },
    });
  }
  return storage;
}

export async function deleteWebApps(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
}

/** Bytes covering all 256 values, in an order that catches offset mistakes. */
export function binaryBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const noise = randomBytes(Math.min(size, 4096));
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + noise[i % noise.length]!) & 0xff;
  return bytes;
}

/** The error code a failed SDK promise carries (`storage/unauthorized`, …). */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return "resolved";
}
