/**
 * Real-time listeners through the unchanged firebase-admin SDK (onSnapshot over the gRPC Listen
 * stream): documents, queries, collection groups, a limit window that documents move in and out
 * of, limitToLast, cursors, and recovery after the connection drops.
 * FIRESTORE_TARGET=host:port runs the same suite against another emulator (e.g. the official one).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteApp, initializeApp } from "firebase-admin/app";
import type { App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { DocumentSnapshot, Firestore, Query, QuerySnapshot } from "firebase-admin/firestore";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { RunningFirestoreEmulator } from "../src/firestore/server.js";

const projectId = `demo-listen-${randomUUID().slice(0, 8)}`;
let emulator: RunningFirestoreEmulator | undefined;
let app: App;
let db: Firestore;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = "none";
  const target = process.env.FIRESTORE_TARGET;
  if (!target) emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = target ?? `127.0.0.1:${emulator!.port}`;
  app = initializeApp({ projectId }, projectId);
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  await emulator?.close();
});

/** Snapshots of a listener, awaited one by one; `stop` unsubscribes. */
function watch<T extends DocumentSnapshot | QuerySnapshot>(
  subscribe: (next: (s: T) => void, error: (e: Error) => void) => () => void,
) {
  const queue: T[] = [];
  const waiting: ((s: T) => void)[] = [];
  let failure: Error | undefined;
  const stop = subscribe(
    (s) => {
      const w = waiting.shift();
      if (w) w(s);
      else queue.push(s);
    },
    (e) => (failure = e),
  );
  return {
    stop,
    get error() {
      return failure;
    },
    next(): Promise<T> {
      const ready = queue.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise<T>((resolve, reject) => {
        waiting.push(resolve);
        setTimeout(() => reject(new Error("no snapshot within 5 s")), 5000);
      });
    },
  };
}

const watchQuery = (q: Query) => watch<QuerySnapshot>((next, error) => q.onSnapshot(next, error));
const ids = (s: QuerySnapshot) => s.docs.map((d) => d.id);
const changes = (s: QuerySnapshot) => s.docChanges().map((c) => `${c.type}:${c.doc.id}`);

describe("onSnapshot", () => {
  it("follows one document through create, update and delete", async () => {
    const ref = db.collection("watched").doc(randomUUID());
    const w = watch<DocumentSnapshot>((next, error) => ref.onSnapshot(next, error));
    expect((await w.next()).exists).toBe(false);
    await ref.set({ v: 1 });
    expect((await w.next()).data()).toEqual({ v: 1 });
    await ref.update({ v: 2 });
    expect((await w.next()).data()).toEqual({ v: 2 });
    await ref.delete();
    expect((await w.next()).exists).toBe(false);
    w.stop();
  });

  it("reports added, modified and removed documents of a filtered query", async () => {
    const col = db.collection(`q-${randomUUID().slice(0, 8)}`);
    await col.doc("a").set({ open: true, n: 1 });
    await col.doc("b").set({ open: false, n: 2 });
    const w = watchQuery(col.where("open", "==", true));
    const first = await w.next();
    expect(ids(first)).toEqual(["a"]);
    expect(changes(first)).toEqual(["added:a"]);

    await col.doc("b").update({ open: true });
    expect(changes(await w.next())).toEqual(["added:b"]);
    await col.doc("a").update({ n: 10 });
    expect(changes(await w.next())).toEqual(["modified:a"]);
    await col.doc("a").update({ open: false });
    const removed = await w.next();
    expect(changes(removed)).toEqual(["removed:a"]);
    expect(ids(removed)).toEqual(["b"]);
    await col.doc("b").delete();
    expect(ids(await w.next())).toEqual([]);
    w.stop();
  });

  it("listens to a collection group across parents", async () => {
    const group = `cg-${randomUUID().slice(0, 8)}`;
    await db.doc(`users/u1/${group}/x`).set({ k: 1 });
    const w = watchQuery(db.collectionGroup(group));
    expect(ids(await w.next())).toEqual(["x"]);
    await db.doc(`teams/t9/${group}/y`).set({ k: 2 });
    const next = await w.next();
    expect(ids(next).sort()).toEqual(["x", "y"]);
    expect(changes(next)).toEqual(["added:y"]);
    await db.doc(`users/u1/other/z`).set({ k: 3 }); // another collection id: no snapshot
    await db.doc(`users/u1/${group}/x`).delete();
    expect(changes(await w.next())).toEqual(["removed:x"]);
    w.stop();
  });

  it("moves documents in and out of a limit window", async () => {
    const col = db.collection(`top-${randomUUID().slice(0, 8)}`);
    await Promise.all([1, 2, 3].map((n) => col.doc(`d${n}`).set({ score: n })));
    const w = watchQuery(col.orderBy("score", "desc").limit(2));
    expect(ids(await w.next())).toEqual(["d3", "d2"]);

    await col.doc("d9").set({ score: 9 }); // enters at the top, d2 leaves
    const entered = await w.next();
    expect(ids(entered)).toEqual(["d9", "d3"]);
    expect(changes(entered).sort()).toEqual(["added:d9", "removed:d2"]);

    await col.doc("d9").delete(); // d2 comes back into the window
    const left = await w.next();
    expect(ids(left)).toEqual(["d3", "d2"]);
    expect(changes(left).sort()).toEqual(["added:d2", "removed:d9"]);
    w.stop();
  });

  it("serves limitToLast and cursors", async () => {
    const col = db.collection(`cur-${randomUUID().slice(0, 8)}`);
    await Promise.all([1, 2, 3, 4].map((n) => col.doc(`d${n}`).set({ n })));
    const last = watchQuery(col.orderBy("n").limitToLast(2));
    const after = watchQuery(col.orderBy("n").startAfter(2).endAt(4));
    expect(ids(await last.next())).toEqual(["d3", "d4"]);
    expect(ids(await after.next())).toEqual(["d3", "d4"]);
    await col.doc("d5").set({ n: 5 });
    expect(ids(await last.next())).toEqual(["d4", "d5"]);
    await col.doc("d3").set({ n: 3.5 }); // still inside the cursor range
    expect(changes(await after.next())).toEqual(["modified:d3"]);
    last.stop();
    after.stop();
  });

  it("catches up on changes made while the connection was down", async () => {
    const col = db.collection(`drop-${randomUUID().slice(0, 8)}`);
    await col.doc("kept").set({ v: 1 });
    await col.doc("gone").set({ v: 1 });
    const w = watchQuery(col);
    expect(ids(await w.next()).sort()).toEqual(["gone", "kept"]);
    emulator?.dropConnections();
    await col.doc("gone").delete();
    await col.doc("new").set({ v: 2 });
    await col.doc("kept").set({ v: 3 });
    let snap = await w.next();
    while (
      ids(snap).includes("gone") ||
      !ids(snap).includes("new") ||
      snap.docs.find((d) => d.id === "kept")?.get("v") !== 3
    ) {
      snap = await w.next();
    }
    expect(ids(snap).sort()).toEqual(["kept", "new"]);
    expect(w.error).toBeUndefined();
    w.stop();
  });
});
