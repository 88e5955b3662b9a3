/**
 * storage.rules, exhaustively: every path kind × every kind of caller × get/list/create/update/
 * delete through the real web SDK (firebase/storage) against our Storage emulator, which reads
 * the project's manager from our Firestore emulator (firestore.get in the rules).
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import { getStorage as getAdminStorage } from "firebase-admin/storage";
import {
  type FirebaseStorage,
  deleteObject,
  getMetadata,
  list,
  ref,
  uploadBytes,
} from "firebase/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CALLERS,
  type CallerKind,
  type Expectation,
  OPERATIONS,
  PROJECT,
  runMatrix,
} from "./callers.js";
import {
  type CallerClients,
  type RulesStack,
  allowed,
  bucket,
  clientsFor,
  PNG,
  projectId,
  startRulesStack,
} from "./emulator-clients.js";

interface StorageSubject {
  name: string;
  folder: string;
  file: string;
  contentType: string;
  expect: Expectation;
}

function access(readers: "all" | CallerKind[], writers: CallerKind[]): Expectation {
  const row = {} as Expectation;
  for (const caller of CALLERS) {
    const reads = readers === "all" || readers.includes(caller);
    const writes = writers.includes(caller);
    // Images are fetched by path; no folder is listable (the SPA never lists).
    row[caller] = { get: reads, list: false, create: writes, update: writes, delete: writes };
  }
  return row;
}

const SUBJECTS: StorageSubject[] = [
  {
    name: "users/{uid}/profile/*",
    folder: "users/u-owner/profile",
    file: "photo.png",
    contentType: "image/png",
    expect: access("all", ["owner"]),
  },
  {
    name: "projects/{id}/image/*",
    folder: `projects/${PROJECT}/image`,
    file: "logo.png",
    contentType: "image/png",
    expect: access("all", ["manager"]),
  },
  {
    name: "anything else",
    folder: "uploads/misc",
    file: "notes.png",
    contentType: "image/png",
    expect: access([], []),
  },
];

let stack: RulesStack;
let clients: CallerClients;
let admin: App;

async function resetObjects() {
  const adminBucket = getAdminStorage(admin).bucket(bucket);
  for (const s of SUBJECTS) {
    await adminBucket.file(`${s.folder}/${s.file}`).save(PNG, { contentType: s.contentType });
  }
}

async function attempt(st: FirebaseStorage, s: StorageSubject, op: string, caller: string) {
  const existing = ref(st, `${s.folder}/${s.file}`);
  switch (op) {
    case "get":
      return allowed(() => getMetadata(existing));
    case "list":
      return allowed(() => list(ref(st, s.folder), { maxResults: 10 }));
    case "create":
      return allowed(() =>
        uploadBytes(ref(st, `${s.folder}/new-${caller}.png`), PNG, { contentType: "image/png" }),
      );
    case "update":
      return allowed(() => uploadBytes(existing, PNG, { contentType: "image/png" }));
    default:
      return allowed(() => deleteObject(existing));
  }
}

beforeAll(async () => {
  stack = await startRulesStack(true);
  admin = initializeApp({ projectId, storageBucket: bucket }, "storage-matrix-admin");
  await getAdminFirestore(admin)
    .doc(`projects/${PROJECT}`)
    .set({ title: "Canlı", isLive: true, managerId: "u-manager" });
  // The manager of a project holds the position 'Project Manager' (canManageProject).
  await getAdminFirestore(admin)
    .doc("users/u-manager")
    .set({ name: "Proje Yöneticisi", position: { name: "Project Manager" } });
  clients = clientsFor(stack);
});

afterAll(async () => {
  await clients?.close();
  await deleteApp(admin);
  await stack?.close();
});

describe("storage.rules matrix", () => {
  it("gives every caller exactly the access the platform's rules intend", async () => {
    const result = await runMatrix(
      "storage.rules",
      SUBJECTS,
      (subject, caller, op) => attempt(clients.storage[caller], subject, op, caller),
      resetObjects,
    );
    console.log(`\n${result.table}\n`);
    expect(result.checked).toBe(SUBJECTS.length * CALLERS.length * OPERATIONS.length);
    expect(result.mismatches).toEqual([]);
  });

  it("accepts a photo of exactly 5 MB and refuses one byte more (docs/product-rules.md#photo-rules: at most 5MB)", async () => {
    const owner = clients.storage.owner;
    const fiveMb = Buffer.alloc(5 * 1024 * 1024, 1);
    expect(
      await allowed(() =>
        uploadBytes(ref(owner, "users/u-owner/profile/big.jpg"), fiveMb, {
          contentType: "image/jpeg",
        }),
      ),
    ).toBe(true);
    const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    expect(
      await allowed(() =>
        uploadBytes(ref(owner, "users/u-owner/profile/big2.jpg"), tooBig, {
          contentType: "image/jpeg",
        }),
      ),
    ).toBe(false);
  });

  it("accepts image/jpeg, image/png and image/jpg and refuses other types", async () => {
    const owner = clients.storage.owner;
    const results: Record<string, boolean> = {};
    for (const contentType of [
      "image/jpeg",
      "image/png",
      "image/jpg",
      "image/gif",
      "text/plain",
      "image/svg+xml",
    ]) {
      results[contentType] = await allowed(() =>
        uploadBytes(ref(owner, `users/u-owner/profile/type-test`), PNG, { contentType }),
      );
    }
    expect(results).toEqual({
      "image/jpeg": true,
      "image/png": true,
      "image/jpg": true,
      "image/gif": false,
      "text/plain": false,
      "image/svg+xml": false,
    });
  });

  it("does not let a member write another member's photo folder", async () => {
    const stranger = clients.storage.stranger;
    expect(
      await allowed(() =>
        uploadBytes(ref(stranger, "users/u-owner/profile/evil.png"), PNG, {
          contentType: "image/png",
        }),
      ),
    ).toBe(false);
    const [exists] = await getAdminStorage(admin)
      .bucket(bucket)
      .file("users/u-owner/profile/evil.png")
      .exists();
    expect(exists).toBe(false);
  });
});
