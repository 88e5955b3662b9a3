/** Transactions: the lite SDK's runTransaction and the REST transaction protocol. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteDoc,
  doc,
  getDoc,
  runTransaction,
  setDoc,
  type Firestore,
} from "firebase/firestore/lite";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { createFirestoreRestHandler } from "../src/firestore/rest.js";
import { startTarget, type Target } from "./firestore-harness.js";

let t: Target;
let db: Firestore;

beforeAll(async () => {
  t = await startTarget("transactions");
  db = t.admin;
});
afterAll(() => t.close());

const begin = async (options?: unknown) => {
  const reply = await t.rest(
    "POST",
    `/v1/${t.database}/documents:beginTransaction`,
    options ? { options } : {},
  );
  expect(reply.status).toBe(200);
  return reply.body.transaction as string;
};
const commit = (body: unknown) => t.rest("POST", `/v1/${t.database}/documents:commit`, body);
const get = (path: string, transaction?: string) =>
  t.rest(
    "GET",
    `/v1/${t.root}/${path}${transaction ? `?transaction=${encodeURIComponent(transaction)}` : ""}`,
  );
const setCount = (path: string, n: number) => ({
  update: { name: `${t.root}/${path}`, fields: { n: { integerValue: String(n) } } },
});

describe("runTransaction (lite SDK)", () => {
  it("reads and writes atomically", async () => {
    const ref = doc(db, "accounts/a");
    await setDoc(ref, { balance: 100 });
    const result = await runTransaction(db, async (tx) => {
      const snap = await tx.get(ref);
      tx.update(ref, { balance: snap.get("balance") - 30 });
      return snap.get("balance");
    });
    expect(result).toBe(100);
    expect((await getDoc(ref)).get("balance")).toBe(70);
  });

  it("concurrent transactions on one document both succeed through retries", async () => {
    const ref = doc(db, "counters/shared");
    await setDoc(ref, { n: 0 });
    let attempts = 0;
    const bump = () =>
      runTransaction(db, async (tx) => {
        attempts++;
        const snap = await tx.get(ref);
        // Let the other transaction read before this one writes.
        await new Promise((r) => setTimeout(r, 20));
        tx.set(ref, { n: snap.get("n") + 1 });
      });
    await Promise.all([bump(), bump(), bump()]);
    expect((await getDoc(ref)).get("n")).toBe(3);
    expect(attempts).toBeGreaterThan(3); // at least one attempt lost and was retried
  });

  it("documents read but not written are verified at commit", async () => {
    const source = doc(db, "verify/source");
    const target = doc(db, "verify/target");
    await setDoc(source, { v: 1 });
    let attempts = 0;
    await runTransaction(db, async (tx) => {
      attempts++;
      const snap = await tx.get(source);
      // Change the source behind the transaction's back on the first attempt only.
      if (attempts === 1) await setDoc(source, { v: 2 });
      tx.set(target, { copied: snap.get("v") });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(target)).data()).toEqual({ copied: 2 });
  });

  it("a document deleted behind a transaction's back makes it retry", async () => {
    const ref = doc(db, "verify/deleted");
    await setDoc(ref, { v: 1 });
    let attempts = 0;
    const existed = await runTransaction(db, async (tx) => {
      attempts++;
      const snap = await tx.get(ref);
      if (attempts === 1) await deleteDoc(ref);
      tx.set(ref, { v: ((snap.get("v") as number | undefined) ?? 0) + 10 });
      return snap.exists();
    });
    expect(attempts).toBe(2);
    expect(existed).toBe(false);
    expect((await getDoc(ref)).data()).toEqual({ v: 10 });
  });

  it("a failing update function writes nothing", async () => {
    const ref = doc(db, "accounts/b");
    await setDoc(ref, { balance: 5 });
    await expect(
      runTransaction(db, async (tx) => {
        tx.update(ref, { balance: 0 });
        throw new Error("insufficient funds");
      }),
    ).rejects.toThrow("insufficient funds");
    expect((await getDoc(ref)).get("balance")).toBe(5);
  });
});

describe("REST transaction protocol", () => {
  it("the second of two conflicting transactions is ABORTED", async () => {
    await commit({ writes: [setCount("race/x", 1)] });
    const a = await begin();
    const b = await begin();
    expect(a).not.toBe(b);
    expect((await get("race/x", a)).body.fields.n).toEqual({ integerValue: "1" });
    expect((await get("race/x", b)).status).toBe(200);
    const first = await commit({ transaction: a, writes: [setCount("race/x", 2)] });
    expect(first.status).toBe(200);
    const second = await commit({ transaction: b, writes: [setCount("race/x", 3)] });
    expect(second.status).toBe(409);
    expect(second.body.error.status).toBe("ABORTED");
    expect((await get("race/x")).body.fields.n).toEqual({ integerValue: "2" });
  });

  it("a document read as missing and created meanwhile aborts the reader", async () => {
    const a = await begin();
    expect((await get("race/new", a)).status).toBe(404);
    await commit({ writes: [setCount("race/new", 1)] });
    const reply = await commit({ transaction: a, writes: [setCount("race/new", 5)] });
    expect(reply.body.error.status).toBe("ABORTED");
  });

  it("writes outside the read set do not conflict", async () => {
    const a = await begin();
    await get("race/x", a);
    await commit({ writes: [setCount("race/unrelated", 1)] });
    expect((await commit({ transaction: a, writes: [setCount("race/y", 1)] })).status).toBe(200);
  });

  it("runQuery and batchGet can start a transaction", async () => {
    await commit({ writes: [setCount("tq/a", 1), setCount("tq/b", 2)] });
    const query = await t.rest("POST", `/v1/${t.root}:runQuery`, {
      structuredQuery: { from: [{ collectionId: "tq" }] },
      newTransaction: { readWrite: {} },
    });
    expect(query.status).toBe(200);
    const tx = query.body[0].transaction as string;
    expect(tx).toBeTypeOf("string");
    expect(query.body).toHaveLength(2);
    await commit({ writes: [setCount("tq/a", 10)] });
    expect(
      (await commit({ transaction: tx, writes: [setCount("tq/b", 3)] })).body.error.status,
    ).toBe("ABORTED");

    const batch = await t.rest("POST", `/v1/${t.database}/documents:batchGet`, {
      documents: [`${t.root}/tq/a`],
      newTransaction: { readWrite: {} },
    });
    expect(batch.body[0].transaction).toBeTypeOf("string");
    expect(batch.body[0].found.fields.n).toEqual({ integerValue: "10" });
    expect(
      (await commit({ transaction: batch.body[0].transaction, writes: [setCount("tq/a", 11)] }))
        .status,
    ).toBe(200);
  });

  it("read-only transactions cannot write", async () => {
    const tx = await begin({ readOnly: {} });
    expect((await get("race/x", tx)).status).toBe(200);
    const reply = await commit({ transaction: tx, writes: [setCount("race/x", 9)] });
    expect(reply.status).toBe(400);
    expect(reply.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("rollback ends a transaction; ended or unknown transactions are rejected", async () => {
    const tx = await begin();
    const rolled = await t.rest("POST", `/v1/${t.database}/documents:rollback`, {
      transaction: tx,
    });
    expect(rolled.status).toBe(200);
    const after = await commit({ transaction: tx, writes: [] });
    expect(after.status).toBe(400);
    expect(after.body.error.message).toBe(
      "The referenced transaction has expired or is no longer valid.",
    );
    const unknown = await get("race/x", Buffer.from("nope").toString("base64"));
    expect(unknown.status).toBe(400);
    const committed = await begin();
    expect((await commit({ transaction: committed, writes: [] })).status).toBe(200);
    expect((await commit({ transaction: committed, writes: [] })).status).toBe(400);
  });

  it("a query's result set changing (a phantom) aborts the transaction", async () => {
    await commit({ writes: [setCount("seats/s1", 1)] });
    const run = () =>
      t.rest("POST", `/v1/${t.root}:runQuery`, {
        structuredQuery: {
          from: [{ collectionId: "seats" }],
          where: {
            fieldFilter: { field: { fieldPath: "n" }, op: "EQUAL", value: { integerValue: "1" } },
          },
        },
        newTransaction: { readWrite: {} },
      });
    const a = (await run()).body[0].transaction as string;
    const b = (await run()).body[0].transaction as string;
    // Each claims the last free seat by creating a new document the other's query would return.
    expect((await commit({ transaction: a, writes: [setCount("seats/s2", 1)] })).status).toBe(200);
    const second = await commit({ transaction: b, writes: [setCount("seats/s3", 1)] });
    expect(second.body.error.status).toBe("ABORTED");
  });
});

describe("point-in-time reads", () => {
  it("readTime reads the data as it was", async () => {
    const first = await commit({ writes: [setCount("pit/a", 1)] });
    const then = first.body.commitTime as string;
    await commit({ writes: [setCount("pit/a", 2), setCount("pit/b", 1)] });
    const old = await t.rest("GET", `/v1/${t.root}/pit/a?readTime=${encodeURIComponent(then)}`);
    expect(old.body.fields.n).toEqual({ integerValue: "1" });
    const now = await get("pit/a");
    expect(now.body.fields.n).toEqual({ integerValue: "2" });
    const query = await t.rest("POST", `/v1/${t.root}:runQuery`, {
      structuredQuery: { from: [{ collectionId: "pit" }] },
      readTime: then,
    });
    expect(
      query.body.map((r: { document: { name: string } }) => r.document.name.split("/").pop()),
    ).toEqual(["a"]);
    const batch = await t.rest("POST", `/v1/${t.database}/documents:batchGet`, {
      documents: [`${t.root}/pit/b`],
      readTime: then,
    });
    expect(batch.body[0].missing).toBe(`${t.root}/pit/b`);
    expect(batch.body[0].readTime).toBe(then);
  });

  it("a read-only transaction reads one snapshot", async () => {
    await commit({ writes: [setCount("pit/c", 1)] });
    const tx = await begin({ readOnly: {} });
    await commit({ writes: [setCount("pit/c", 2)] });
    expect((await get("pit/c", tx)).body.fields.n).toEqual({ integerValue: "1" });
    expect((await commit({ transaction: tx })).status).toBe(200);
  });

  it("rejects a read time older than the retained hour", async () => {
    if (!t.engine) return; // the real service may keep longer history (PITR)
    const tooOld = new Date(Date.now() - 2 * 3600_000).toISOString();
    await commit({ writes: [setCount("pit/d", 1)] });
    const reply = await t.rest("GET", `/v1/${t.root}/pit/d?readTime=${encodeURIComponent(tooOld)}`);
    // History starts with this emulator's first commit; older reads can't be answered exactly.
    expect(reply.status).toBe(400);
    expect(reply.body.error.status).toBe("FAILED_PRECONDITION");
  });
});

describe("transaction expiry", () => {
  it("an idle transaction expires after 60 s, any after 270 s", async () => {
    if (!t.engine) return; // needs a controllable clock
    let now = Date.parse("2030-01-01T00:00:00Z");
    const engine = new FirestoreEngine({ now: () => new Date(now) });
    const server = createServer(createFirestoreRestHandler(engine));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/projects/clock/databases/(default)/documents`;
    const post = (rpc: string, body: unknown) =>
      fetch(`${base}:${rpc}`, {
        method: "POST",
        headers: { Authorization: "Bearer owner" },
        body: JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { transaction?: string },
      }));
    try {
      const idle = (await post("beginTransaction", {})).body.transaction!;
      now += 61_000;
      expect((await post("commit", { transaction: idle })).status).toBe(400);

      const busy = (await post("beginTransaction", {})).body.transaction!;
      for (let i = 0; i < 5; i++) {
        now += 50_000;
        const read = await fetch(`${base}/c/d?transaction=${encodeURIComponent(busy)}`, {
          headers: { Authorization: "Bearer owner" },
        });
        expect(read.status).toBe(404); // alive (the document just doesn't exist)
      }
      now += 50_000; // 300 s after it began
      expect((await post("commit", { transaction: busy })).status).toBe(400);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
