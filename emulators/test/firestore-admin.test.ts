/**
 * The Firestore emulator through the unchanged firebase-admin SDK (gRPC): documents, values,
 * transforms, preconditions, batches, transactions, listing, BulkWriter and recursive delete.
 * FIRESTORE_TARGET=host:port runs the same suite against another emulator (e.g. the official one).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase-admin/app";
import type { App } from "firebase-admin/app";
import { FieldPath, FieldValue, GeoPoint, Timestamp, getFirestore } from "firebase-admin/firestore";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const projectId = `demo-admin-${randomUUID().slice(0, 8)}`;
let emulator: RunningFirestoreEmulator | undefined;
let app: App;
let bigIntApp: App;
let db: Firestore;
let bigIntDb: Firestore;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = "none";
  const target = process.env.FIRESTORE_TARGET;
  if (!target) emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = target ?? `127.0.0.1:${emulator!.port}`;
  app = initializeApp({ projectId }, projectId);
  db = getFirestore(app);
  bigIntApp = initializeApp({ projectId }, `${projectId}-bigint`);
  bigIntDb = getFirestore(bigIntApp);
  bigIntDb.settings({ useBigInt: true });
});

afterAll(async () => {
  await Promise.all([deleteApp(app), deleteApp(bigIntApp)]);
  await emulator?.close();
});

/** The gRPC status code of a rejected SDK call. */
async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: number }).code;
  }
  return undefined;
}

const GRPC = { NOT_FOUND: 5, ALREADY_EXISTS: 6, FAILED_PRECONDITION: 9 };

describe("documents", () => {
  it("creates, reads, updates and deletes", async () => {
    const ref = db.collection("crud").doc("alice");
    const written = await ref.set({ name: "Alice", age: 30, tags: ["a"] });
    expect(written.writeTime).toBeInstanceOf(Timestamp);

    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    expect(snap.data()).toEqual({ name: "Alice", age: 30, tags: ["a"] });
    expect(snap.createTime!.isEqual(written.writeTime)).toBe(true);

    await ref.update({ age: 31, "address.city": "Paris" });
    expect((await ref.get()).data()).toEqual({
      name: "Alice",
      age: 31,
      tags: ["a"],
      address: { city: "Paris" },
    });

    await ref.update({ tags: FieldValue.delete(), "address.zip": "75001" });
    expect((await ref.get()).data()).toEqual({
      name: "Alice",
      age: 31,
      address: { city: "Paris", zip: "75001" },
    });

    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
  });

  it("merges with set({merge}) and mergeFields", async () => {
    const ref = db.doc("crud/merge");
    await ref.set({ a: 1, nested: { x: 1, y: 2 } });
    await ref.set({ b: 2, nested: { y: 3 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2, nested: { x: 1, y: 3 } });
    await ref.set({ a: 10, b: 20, c: 30 }, { mergeFields: ["a", "c"] });
    expect((await ref.get()).data()).toEqual({ a: 10, b: 2, c: 30, nested: { x: 1, y: 3 } });
  });

  it("uses field paths that need quoting", async () => {
    const ref = db.doc("crud/paths");
    await ref.set({ "with.dot": 1, "sp ace": { "ü-ber": 2 } });
    await ref.update(new FieldPath("sp ace", "ü-ber"), 3);
    const snap = await ref.get();
    expect(snap.get(new FieldPath("with.dot"))).toBe(1);
    expect(snap.get(new FieldPath("sp ace", "ü-ber"))).toBe(3);
  });

  it("adds documents with generated ids", async () => {
    const ref = await db.collection("crud-auto").add({ n: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await ref.get()).get("n")).toBe(1);
  });
});

describe("values", () => {
  it("round-trips every value type", async () => {
    const ref = db.doc("values/all");
    const other = db.doc("values/other");
    const data = {
      nothing: null,
      yes: true,
      no: false,
      int: 42,
      negative: -7,
      maxSafe: Number.MAX_SAFE_INTEGER,
      double: 3.25,
      tiny: 5e-324,
      nan: NaN,
      inf: Infinity,
      negInf: -Infinity,
      text: "héllo ✓ 🎉",
      empty: "",
      bytes: Buffer.from([0, 1, 2, 254, 255]),
      ref: other,
      geo: new GeoPoint(48.8566, 2.3522),
      timestamp: new Timestamp(1_700_000_000, 123_456_789),
      micros: new Timestamp(1_700_000_000, 123_456_000),
      ancient: new Timestamp(-62_135_596_800, 0),
      date: new Date("2024-02-29T12:34:56.789Z"),
      list: [1, "two", { three: [3] }, null],
      map: { a: { b: { c: [true, { d: "deep" }] } }, emptyMap: {}, emptyList: [] },
    };
    await ref.set(data);
    const back = (await ref.get()).data()!;

    expect(back.nothing).toBeNull();
    expect(back.yes).toBe(true);
    expect(back.no).toBe(false);
    expect(back.int).toBe(42);
    expect(back.negative).toBe(-7);
    expect(back.maxSafe).toBe(Number.MAX_SAFE_INTEGER);
    expect(back.double).toBe(3.25);
    expect(back.tiny).toBe(5e-324);
    expect(back.nan).toBeNaN();
    expect(back.inf).toBe(Infinity);
    expect(back.negInf).toBe(-Infinity);
    expect(back.text).toBe("héllo ✓ 🎉");
    expect(back.empty).toBe("");
    expect(Buffer.from(back.bytes as Uint8Array).equals(data.bytes)).toBe(true);
    expect((back.ref as DocumentReference).path).toBe("values/other");
    expect((back.geo as GeoPoint).isEqual(data.geo)).toBe(true);
    // Firestore stores microseconds and rounds extra precision down.
    const nanos = (back.timestamp as Timestamp).nanoseconds;
    expect(nanos - (nanos % 1000)).toBe(123_456_000);
    expect((back.timestamp as Timestamp).seconds).toBe(1_700_000_000);
    expect((back.micros as Timestamp).isEqual(data.micros)).toBe(true);
    expect((back.ancient as Timestamp).isEqual(data.ancient)).toBe(true);
    expect((back.date as Timestamp).toDate().toISOString()).toBe("2024-02-29T12:34:56.789Z");
    expect(back.list).toEqual([1, "two", { three: [3] }, null]);
    expect(back.map).toEqual(data.map);
  });

  it("keeps 64-bit integers exact", async () => {
    const ref = bigIntDb.doc("values/int64");
    await ref.set({ max: 9223372036854775807n, min: -9223372036854775808n, big: 2n ** 60n + 1n });
    const back = (await ref.get()).data()!;
    expect(back.max).toBe(9223372036854775807n);
    expect(back.min).toBe(-9223372036854775808n);
    expect(back.big).toBe(2n ** 60n + 1n);
  });
});

describe("transforms", () => {
  it("applies serverTimestamp, increment, arrayUnion and arrayRemove", async () => {
    const ref = db.doc("transforms/t1");
    const before = Date.now();
    await ref.set({ n: 1, d: 0.5, arr: [1, 2, 3], at: FieldValue.serverTimestamp() });
    await ref.update({
      n: FieldValue.increment(4),
      d: FieldValue.increment(0.25),
      missing: FieldValue.increment(2),
      arr: FieldValue.arrayUnion(3, 4, 4),
      "nested.created": FieldValue.serverTimestamp(),
    });
    const snap = await ref.get();
    expect(snap.get("n")).toBe(5);
    expect(snap.get("d")).toBe(0.75);
    expect(snap.get("missing")).toBe(2);
    expect(snap.get("arr")).toEqual([1, 2, 3, 4]);
    const at = (snap.get("at") as Timestamp).toMillis();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(snap.get("nested.created")).toBeInstanceOf(Timestamp);

    await ref.update({ arr: FieldValue.arrayRemove(1, 3, 99) });
    expect((await ref.get()).get("arr")).toEqual([2, 4]);
  });

  it("reports the server time of the write", async () => {
    const ref = db.doc("transforms/t2");
    const result = await ref.set({ at: FieldValue.serverTimestamp() });
    const stored = (await ref.get()).get("at") as Timestamp;
    expect(stored.isEqual(result.writeTime)).toBe(true);
  });
});

describe("preconditions", () => {
  it("rejects create on an existing document", async () => {
    const ref = db.doc("pre/existing");
    await ref.create({ v: 1 });
    expect(await codeOf(ref.create({ v: 2 }))).toBe(GRPC.ALREADY_EXISTS);
    expect((await ref.get()).get("v")).toBe(1);
  });

  it("rejects update of a missing document", async () => {
    expect(await codeOf(db.doc("pre/missing").update({ v: 1 }))).toBe(GRPC.NOT_FOUND);
    expect((await db.doc("pre/missing").get()).exists).toBe(false);
  });

  it("checks lastUpdateTime", async () => {
    const ref = db.doc("pre/versioned");
    const first = await ref.set({ v: 1 });
    await ref.update({ v: 2 }, { lastUpdateTime: first.writeTime });
    expect(await codeOf(ref.update({ v: 3 }, { lastUpdateTime: first.writeTime }))).toBe(
      GRPC.FAILED_PRECONDITION,
    );
    expect(await codeOf(ref.delete({ lastUpdateTime: first.writeTime }))).toBe(
      GRPC.FAILED_PRECONDITION,
    );
    const current = (await ref.get()).updateTime!;
    await ref.delete({ lastUpdateTime: current });
    expect((await ref.get()).exists).toBe(false);
  });

  it("deletes with exists: true only when present", async () => {
    expect(await codeOf(db.doc("pre/nothing").delete({ exists: true }))).toBe(GRPC.NOT_FOUND);
    await db.doc("pre/nothing").delete(); // deleting a missing document is fine
  });
});

describe("batches", () => {
  it("commits all writes atomically", async () => {
    const batch = db.batch();
    batch.set(db.doc("batch/a"), { v: 1 });
    batch.set(db.doc("batch/b"), { v: 2 });
    batch.update(db.doc("batch/a"), { w: FieldValue.increment(1) });
    batch.delete(db.doc("batch/c"));
    const results = await batch.commit();
    expect(results).toHaveLength(4);
    const [a, b] = await db.getAll(db.doc("batch/a"), db.doc("batch/b"));
    expect(a!.data()).toEqual({ v: 1, w: 1 });
    expect(b!.data()).toEqual({ v: 2 });
  });

  it("applies nothing when one write fails", async () => {
    await db.doc("batch/exists").set({ v: 0 });
    const batch = db.batch();
    batch.set(db.doc("batch/new"), { v: 1 });
    batch.create(db.doc("batch/exists"), { v: 1 });
    expect(await codeOf(batch.commit())).toBe(GRPC.ALREADY_EXISTS);
    expect((await db.doc("batch/new").get()).exists).toBe(false);
    expect((await db.doc("batch/exists").get()).get("v")).toBe(0);
  });

  it("reads many documents with getAll, missing ones and field masks", async () => {
    const snaps = await db.getAll(db.doc("batch/a"), db.doc("batch/none"), db.doc("batch/b"), {
      fieldMask: ["v"],
    });
    expect(snaps.map((s) => s.exists)).toEqual([true, false, true]);
    expect(snaps[0]!.data()).toEqual({ v: 1 });
    expect(snaps[1]!.id).toBe("none");
  });
});

describe("transactions", () => {
  it("serialises concurrent increments on one document", async () => {
    const ref = db.doc("tx/counter");
    await ref.set({ n: 0 });
    const workers = 10;
    await Promise.all(
      Array.from({ length: workers }, () =>
        db.runTransaction(
          async (tx) => {
            const snap = await tx.get(ref);
            tx.update(ref, { n: (snap.get("n") as number) + 1 });
          },
          { maxAttempts: 50 },
        ),
      ),
    );
    expect((await ref.get()).get("n")).toBe(workers);
  });

  it("returns the callback's value and sees its reads consistently", async () => {
    await db.doc("tx/a").set({ v: 1 });
    await db.doc("tx/b").set({ v: 2 });
    const sum = await db.runTransaction(async (tx) => {
      const [a, b] = await tx.getAll(db.doc("tx/a"), db.doc("tx/b"));
      const total = (a!.get("v") as number) + (b!.get("v") as number);
      tx.set(db.doc("tx/sum"), { total });
      return total;
    });
    expect(sum).toBe(3);
    expect((await db.doc("tx/sum").get()).get("total")).toBe(3);
  });

  it("discards writes when the callback throws", async () => {
    await expect(
      db.runTransaction(async (tx) => {
        tx.set(db.doc("tx/never"), { v: 1 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await db.doc("tx/never").get()).exists).toBe(false);
  });

  it("runs queries inside a transaction", async () => {
    const count = await db.runTransaction(async (tx) => {
      const snap = await tx.get(db.collection("tx").where("v", ">=", 1));
      return snap.size;
    });
    expect(count).toBe(2);
  });

  it("supports read-only transactions", async () => {
    const ref = db.doc("tx/readonly");
    await ref.set({ v: 1 });
    const v = await db.runTransaction(async (tx) => (await tx.get(ref)).get("v") as number, {
      readOnly: true,
    });
    expect(v).toBe(1);
    await expect(
      db.runTransaction(async (tx) => void tx.set(ref, { v: 9 }), { readOnly: true }),
    ).rejects.toThrow();
    expect((await ref.get()).get("v")).toBe(1);
  });

  it("reads at a past read time", async () => {
    const ref = db.doc("tx/past");
    const first = await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    const past = await db.runTransaction(async (tx) => (await tx.get(ref)).get("v") as number, {
      readOnly: true,
      readTime: first.writeTime,
    });
    expect(past).toBe(1);
  });
});

describe("listing", () => {
  beforeAll(async () => {
    await db.doc("list/a").set({ v: 1 });
    await db.doc("list/b").set({ v: 2 });
    await db.doc("list/ghost/sub/x").set({ v: 3 }); // list/ghost itself does not exist
  });

  it("lists documents, including missing ones with subcollections", async () => {
    const refs = await db.collection("list").listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(["a", "b", "ghost"]);
    const plain = await db.collection("list").get();
    expect(plain.docs.map((d) => d.id)).toEqual(["a", "b"]);
  });

  it("lists collections of the database and of a document", async () => {
    const root = (await db.listCollections()).map((c) => c.id);
    expect(root).toEqual(expect.arrayContaining(["list", "crud", "values"]));
    const sub = await db.doc("list/ghost").listCollections();
    expect(sub.map((c) => c.id)).toEqual(["sub"]);
  });
});

describe("bulk", () => {
  it("writes through BulkWriter (BatchWrite) and reports per-write errors", async () => {
    const writer = db.bulkWriter();
    const failures: number[] = [];
    writer.onWriteError((err) => {
      failures.push(err.code as unknown as number);
      return false;
    });
    for (let i = 0; i < 60; i++) void writer.set(db.doc(`bulk/d${i}`), { i });
    await writer.flush();
    void writer.create(db.doc("bulk/d0"), { i: -1 }).catch(() => undefined);
    void writer.update(db.doc("bulk/missing"), { i: -1 }).catch(() => undefined);
    await writer.close();
    expect(failures.sort()).toEqual([GRPC.NOT_FOUND, GRPC.ALREADY_EXISTS].sort());
    const all = await db.collection("bulk").count().get();
    expect(all.data().count).toBe(60);
    expect((await db.doc("bulk/d0").get()).get("i")).toBe(0);
  });

  it("deletes a collection recursively", async () => {
    await db.doc("tree/root").set({ v: 1 });
    await db.doc("tree/root/kids/k1").set({ v: 2 });
    await db.doc("tree/root/kids/k1/grandkids/g1").set({ v: 3 });
    await db.doc("tree/other").set({ v: 4 });
    await db.recursiveDelete(db.collection("tree"));
    expect((await db.collection("tree").get()).size).toBe(0);
    expect((await db.collectionGroup("grandkids").get()).size).toBe(0);
    expect((await db.doc("tree/root/kids/k1").get()).exists).toBe(false);
  });
});
