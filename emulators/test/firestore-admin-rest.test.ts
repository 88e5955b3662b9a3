/**
 * gRPC (firebase-admin) and REST (the web SDK's lite build) on the same port see the same data
 * under the same rules; rules reload when the file changes; close() exports and a new server
 * imports. These need our own server (rules file, export directory), so they skip with
 * FIRESTORE_TARGET.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deleteApp, initializeApp } from "firebase-admin/app";
import type { App } from "firebase-admin/app";
import { FieldValue, GeoPoint, Timestamp, getFirestore } from "firebase-admin/firestore";
import type { Firestore } from "firebase-admin/firestore";
import { deleteApp as deleteClientApp, initializeApp as initializeClientApp } from "firebase/app";
import type { FirebaseApp } from "firebase/app";
import {
  Bytes,
  GeoPoint as LiteGeoPoint,
  Timestamp as LiteTimestamp,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore as getLiteFirestore,
  query,
  setDoc,
  setLogLevel,
  where,
} from "firebase/firestore/lite";
import type { Firestore as LiteFirestore } from "firebase/firestore/lite";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const ours = !process.env.FIRESTORE_TARGET;
const projectId = `demo-rest-${randomUUID().slice(0, 8)}`;
const workDir = mkdtempSync(join(tmpdir(), "firestore-rest-test-"));
const rulesFile = join(workDir, "firestore.rules");

const rulesAllowing = (...uids: string[]) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /shared/{id} {
      allow read, write: if request.auth != null && request.auth.uid in ${JSON.stringify(uids)};
    }
  }
}
`;

let emulator: RunningFirestoreEmulator;
const adminApps: App[] = [];
const clientApps: FirebaseApp[] = [];

function adminDb(port: number, name: string): Firestore {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId }, `${projectId}-${name}`);
  adminApps.push(app);
  return getFirestore(app); // reads FIRESTORE_EMULATOR_HOST now
}

function liteDb(uid: string): LiteFirestore {
  const app = initializeClientApp({ projectId, apiKey: "fake-api-key" }, `${projectId}-${uid}`);
  clientApps.push(app);
  const db = getLiteFirestore(app);
  connectFirestoreEmulator(db, "127.0.0.1", emulator.port, { mockUserToken: { user_id: uid } });
  return db;
}

async function liteCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = "none";
  setLogLevel("silent"); // denied requests are expected here
  if (!ours) return;
  writeFileSync(rulesFile, rulesAllowing("alice"));
  emulator = await startFirestoreEmulator({ port: 0, rulesFile, quiet: true });
});

afterAll(async () => {
  await Promise.all(adminApps.map((app) => deleteApp(app)));
  await Promise.all(clientApps.map((app) => deleteClientApp(app)));
  await emulator?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe.skipIf(!ours)("gRPC and REST on one port", () => {
  let admin: Firestore;
  let alice: LiteFirestore;
  let bob: LiteFirestore;

  beforeAll(() => {
    admin = adminDb(emulator.port, "admin");
    alice = liteDb("alice");
    bob = liteDb("bob");
  });

  it("shows what the admin SDK wrote to an allowed web client", async () => {
    await admin.doc("shared/from-admin").set({
      n: 7,
      big: 2 ** 40,
      ratio: 0.5,
      text: "héllo",
      when: new Timestamp(1_700_000_000, 123_456_000),
      blob: Buffer.from([1, 2, 3]),
      where: new GeoPoint(1.5, -2.5),
      ref: admin.doc("shared/other"),
      nested: { list: [1, { deep: true }] },
    });
    const snap = await getDoc(doc(alice, "shared/from-admin"));
    expect(snap.exists()).toBe(true);
    const data = snap.data()!;
    expect(data.n).toBe(7);
    expect(data.big).toBe(2 ** 40);
    expect(data.ratio).toBe(0.5);
    expect(data.text).toBe("héllo");
    expect(
      (data.when as LiteTimestamp).isEqual(new LiteTimestamp(1_700_000_000, 123_456_000)),
    ).toBe(true);
    expect((data.blob as Bytes).toUint8Array()).toEqual(new Uint8Array([1, 2, 3]));
    expect((data.where as LiteGeoPoint).isEqual(new LiteGeoPoint(1.5, -2.5))).toBe(true);
    expect(data.ref.path).toBe("shared/other");
    expect(data.nested).toEqual({ list: [1, { deep: true }] });
  });

  it("shows what a web client wrote to the admin SDK", async () => {
    await setDoc(doc(alice, "shared/from-web"), {
      by: "alice",
      at: LiteTimestamp.fromMillis(1_700_000_000_123),
      n: 1,
    });
    await admin.doc("shared/from-web").update({ n: FieldValue.increment(1) });
    const snap = await admin.doc("shared/from-web").get();
    expect(snap.get("by")).toBe("alice");
    expect((snap.get("at") as Timestamp).toMillis()).toBe(1_700_000_000_123);
    expect((await getDoc(doc(alice, "shared/from-web"))).get("n")).toBe(2);
  });

  it("runs the same query over both transports", async () => {
    const viaRest = await getDocs(query(collection(alice, "shared"), where("n", ">=", 2)));
    const viaGrpc = await admin.collection("shared").where("n", ">=", 2).get();
    expect(viaRest.docs.map((d) => d.id).sort()).toEqual(["from-admin", "from-web"]);
    expect(viaGrpc.docs.map((d) => d.id).sort()).toEqual(viaRest.docs.map((d) => d.id).sort());
  });

  it("applies the rules to web clients only", async () => {
    expect(await liteCode(getDoc(doc(bob, "shared/from-admin")))).toBe("permission-denied");
    expect(await liteCode(setDoc(doc(bob, "shared/by-bob"), { v: 1 }))).toBe("permission-denied");
    expect(await liteCode(getDoc(doc(alice, "private/x")))).toBe("permission-denied");
    await admin.doc("private/x").set({ v: 1 }); // the admin SDK bypasses rules
    expect((await admin.doc("private/x").get()).exists).toBe(true);
  });

  it("reloads the rules file and keeps the previous rules when an edit is broken", async () => {
    const bobCanRead = async () =>
      (await liteCode(getDoc(doc(bob, "shared/from-admin")))) === undefined;
    writeFileSync(rulesFile, rulesAllowing("alice", "bob"));
    expect(await eventually(bobCanRead)).toBe(true);

    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      writeFileSync(rulesFile, "rules_version = '2';\nservice cloud.firestore { match /{ ");
      const reported = await eventually(async () =>
        errors.mock.calls.some((args) => /keeping the previous rules/.test(String(args[0]))),
      );
      expect(reported).toBe(true);
      expect(String(errors.mock.calls.at(-1)![0])).toContain("firestore.rules:");
      expect(await bobCanRead()).toBe(true);
    } finally {
      errors.mockRestore();
    }
    writeFileSync(rulesFile, rulesAllowing("alice"));
    expect(await eventually(async () => !(await bobCanRead()))).toBe(true);
  });
});

describe.skipIf(!ours)("export and import", () => {
  it("exports on close() and a new server started with importDir sees the data", async () => {
    const dataDir = join(workDir, "export");
    const first = await startFirestoreEmulator({ port: 0, exportDir: dataDir, quiet: true });
    const before = adminDb(first.port, "export");
    const written = await before.doc("kept/a").set({ v: 1, when: new Timestamp(1, 500_000) });
    await before.doc("kept/a/sub/b").set({ v: 2 });
    await first.close();

    const second = await startFirestoreEmulator({ port: 0, importDir: dataDir, quiet: true });
    try {
      const after = adminDb(second.port, "import");
      const a = await after.doc("kept/a").get();
      expect(a.get("v")).toBe(1);
      expect((a.get("when") as Timestamp).isEqual(new Timestamp(1, 500_000))).toBe(true);
      expect(a.updateTime!.isEqual(written.writeTime)).toBe(true);
      expect((await after.doc("kept/a/sub/b").get()).get("v")).toBe(2);
      expect((await after.collection("kept").count().get()).data().count).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("fails to start on a rules file that does not load", async () => {
    const broken = join(workDir, "broken.rules");
    writeFileSync(broken, "service cloud.firestore {");
    await expect(
      startFirestoreEmulator({ port: 0, rulesFile: broken, quiet: true }),
    ).rejects.toThrow(/broken\.rules:\d+:\d+/);
  });
});
