import { describe, expect, it } from "vitest";
import { BatchWriter, MAX_BATCH_WRITES, chunk, mapLimit } from "../../src/jobs/runtime.js";
import { dedupeKey, jobNotification } from "../../src/jobs/notifications.js";
import { count, testDatabases } from "./harness.js";

const firestore = testDatabases();

describe("batched writes", () => {
  it("commits at most MAX_BATCH_WRITES writes at once, under Firestore's 500", async () => {
    const db = firestore.newDb();
    const writer = new BatchWriter(db);
    for (let i = 0; i < MAX_BATCH_WRITES + 1; i++) {
      await writer.set(db.doc(`things/t${i}`), { i });
    }
    await writer.flush();
    expect(MAX_BATCH_WRITES).toBeLessThanOrEqual(500);
    expect(writer.commits).toBe(2);
    expect(writer.writes).toBe(MAX_BATCH_WRITES + 1);
    expect(await count(db, "things")).toBe(MAX_BATCH_WRITES + 1);
  });

  it("never splits a group of writes across two batches", async () => {
    const db = firestore.newDb();
    const writer = new BatchWriter(db);
    for (let i = 0; i < MAX_BATCH_WRITES - 1; i++) await writer.set(db.doc(`things/t${i}`), { i });
    await writer.group(2, (batch) => {
      batch.set(db.doc("pairs/a"), {});
      batch.set(db.doc("pairs/b"), {});
    });
    expect(writer.commits).toBe(1);
    expect(await count(db, "pairs")).toBe(0);
    await writer.flush();
    expect(await count(db, "pairs")).toBe(2);
    await expect(writer.group(MAX_BATCH_WRITES + 1, () => undefined)).rejects.toThrow(/exceeds/);
  });
});

describe("helpers", () => {
  it("chunks and runs work with bounded concurrency, keeping the order", async () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    let running = 0;
    let peak = 0;
    const results = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n * 5));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });

  it("names a job notification after its dedupe key", () => {
    const db = firestore.newDb();
    const n = jobNotification(db, {
      type: "PROJECT_ACCEPTED",
      userId: "u1",
      eventKey: "p/1:pos:123",
      content: { projectId: "p" },
      now: new Date("2026-11-21T09:00:00Z"),
    });
    expect(n.doc.dedupeKey).toBe(dedupeKey("PROJECT_ACCEPTED", "p/1:pos:123", "u1"));
    expect(n.ref.id).toBe("PROJECT_ACCEPTED:p_1:pos:123:u1");
    expect(n.doc).toMatchObject({ userId: "u1", type: "PROJECT_ACCEPTED", read: false });
  });
});
