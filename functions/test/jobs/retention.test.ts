import type { Firestore } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { istanbulTime, paths } from "@platform/common";
import { retention } from "../../src/jobs/retention.js";
import { MAX_BATCH_WRITES } from "../../src/jobs/runtime.js";
import { count, crashingAfter, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const now = istanbulTime(2026, 12, 1, 3);
const HOUR = 3600_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

async function queue(db: Firestore, id: string, createdAt: Date) {
  await db.doc(`${paths.mail}/${id}`).set({
    to: `${id}@example.com`,
    message: { subject: "Şifre sıfırlama", text: "https://example.com/reset?oobCode=x" },
    createdAt,
  });
}

/** Many old mails, written in batches of at most MAX_BATCH_WRITES. */
async function queueMany(db: Firestore, n: number, createdAt: Date) {
  for (let start = 0; start < n; start += MAX_BATCH_WRITES) {
    const batch = db.batch();
    for (let i = start; i < Math.min(n, start + MAX_BATCH_WRITES); i++) {
      batch.set(db.doc(`${paths.mail}/old-${String(i).padStart(4, "0")}`), {
        to: "x@example.com",
        message: { subject: "Kod", text: "123456" },
        createdAt,
      });
    }
    await batch.commit();
  }
}

const ids = async (db: Firestore) => (await db.collection(paths.mail).get()).docs.map((d) => d.id);

describe("retention: mail", () => {
  it("deletes mail queued 30 days ago or earlier and keeps 29 days 23 hours", async () => {
    const db = firestore.newDb();
    await queue(db, "thirty-days", ago(30 * 24 * HOUR));
    await queue(db, "a-year", ago(365 * 24 * HOUR));
    await queue(db, "just-short", ago(29 * 24 * HOUR + 23 * HOUR));
    await queue(db, "today", ago(HOUR));
    const report = await run(retention, db, now);
    expect(report).toMatchObject({ deleted: 2, batches: 1 });
    expect((await ids(db)).sort()).toEqual(["just-short", "today"]);
  });

  it("pages through more than one batch, and a second run deletes nothing", async () => {
    const db = firestore.newDb();
    const old = MAX_BATCH_WRITES * 2 + 7;
    await queueMany(db, old, ago(40 * 24 * HOUR));
    await queue(db, "recent", ago(24 * HOUR));
    const first = await run(retention, db, now);
    expect(first).toMatchObject({ deleted: old, batches: 3 });
    expect(await ids(db)).toEqual(["recent"]);
    const second = await run(retention, db, now);
    expect(second).toMatchObject({ deleted: 0, batches: 0 });
    expect(await count(db, paths.mail)).toBe(1);
  });

  it("finishes after a crash between batches without deleting anything recent", async () => {
    const db = firestore.newDb();
    const old = MAX_BATCH_WRITES + 10;
    await queueMany(db, old, ago(35 * 24 * HOUR));
    await queue(db, "recent", ago(2 * 24 * HOUR));
    await expect(run(retention, crashingAfter(db, 1), now)).rejects.toThrow("simulated crash");
    expect(await count(db, paths.mail)).toBe(11);
    expect(await run(retention, db, now)).toMatchObject({ deleted: 10 });
    expect(await ids(db)).toEqual(["recent"]);
  });
});

async function counter(db: Firestore, collection: string, id: string, expiresAt: Date) {
  await db.doc(`${collection}/${id}`).set({ limit: "loginFailuresPerIp", count: 3, expiresAt });
}

const all = async (db: Firestore, collection: string) =>
  (await db.collection(collection).get()).docs.map((d) => d.id).sort();

describe("retention: limit counters and Idempotency-Key answers", () => {
  it("deletes records whose expiresAt has passed and keeps those a second short of it", async () => {
    const db = firestore.newDb();
    await counter(db, paths.rateLimits, "expired-now", now);
    await counter(db, paths.rateLimits, "expired-day", ago(24 * HOUR));
    await counter(db, paths.rateLimits, "live", new Date(now.getTime() + 1000));
    await counter(db, paths.idempotencyKeys, "answered-long-ago", ago(HOUR));
    await counter(db, paths.idempotencyKeys, "fresh", new Date(now.getTime() + HOUR));
    const report = await run(retention, db, now);
    expect(report).toMatchObject({ limitCountersDeleted: 2, idempotencyKeysDeleted: 1 });
    expect(await all(db, paths.rateLimits)).toEqual(["live"]);
    expect(await all(db, paths.idempotencyKeys)).toEqual(["fresh"]);
    expect(await run(retention, db, now)).toMatchObject({
      limitCountersDeleted: 0,
      idempotencyKeysDeleted: 0,
    });
  });

  it("pages through more counters than one batch holds", async () => {
    const db = firestore.newDb();
    const n = MAX_BATCH_WRITES + 5;
    for (let start = 0; start < n; start += MAX_BATCH_WRITES) {
      const batch = db.batch();
      for (let i = start; i < Math.min(n, start + MAX_BATCH_WRITES); i++) {
        batch.set(db.doc(`${paths.rateLimits}/c-${i}`), { count: 1, expiresAt: ago(HOUR) });
      }
      await batch.commit();
    }
    expect(await run(retention, db, now)).toMatchObject({ limitCountersDeleted: n });
    expect(await count(db, paths.rateLimits)).toBe(0);
  });

  it("without Auth and Storage leaves registrations, uploads and deletions to a full run", async () => {
    const db = firestore.newDb();
    await db.doc(`${paths.registrations}/old%40example.com`).set({
      uid: "u-old",
      email: "old@example.com",
      lastSentAt: ago(30 * 24 * HOUR),
      verified: false,
    });
    await db.doc(`${paths.accountDeletions}/u-gone`).set({ uid: "u-gone", done: "auth" });
    const report = await run(retention, db, now);
    expect(report).toMatchObject({
      registrationsDeleted: 0,
      accountDeletionsFinished: 0,
      uploadsDeleted: 0,
      authAndStorage: false,
    });
    expect(await count(db, paths.registrations)).toBe(1);
    expect(await count(db, paths.accountDeletions)).toBe(1);
  });
});
