/**
 * Console input the jobs cannot use (docs/operations.md): the problem is recorded on the
 * document, every admin is mailed once, the other documents are still used, and a fixed
 * document is used and its problem cleared.
 */
import { describe, expect, it } from "vitest";
import type { Firestore } from "firebase-admin/firestore";
import { istanbulTime, paths } from "@platform/common";
import { applyRemovalDecisions } from "../../src/jobs/apply-removal-decisions.js";
import { goLive } from "../../src/jobs/go-live.js";
import { profitShare } from "../../src/jobs/profit-share.js";
import { addProject, build, put } from "./fixtures.js";
import { count, run, testDatabases } from "./harness.js";

const firestore = testDatabases();
const friday = istanbulTime(2026, 11, 20, 12);

async function withAdmins(): Promise<Firestore> {
  const db = firestore.newDb();
  await put(
    db,
    build.role("a1", "admin", "a1@example.com"),
    build.role("a2", "admin", "a2@example.com"),
    build.role("o1", "ops", "o1@example.com"),
  );
  return db;
}

const mailsTo = async (db: Firestore, to: string) =>
  (await db.collection(paths.mail).where("to", "==", to).get()).docs.map((d) => d.data());

describe("console input", () => {
  it("go-live: a project written without isLive and with a bad goLiveAt is reported, the next goes live", async () => {
    const db = await withAdmins();
    await db.doc(paths.project("bad")).set({
      title: "Bozuk",
      type: "WEB",
      goLiveAt: 1_700_000_000,
    });
    await addProject(db, "good", {
      isLive: false,
      status: "NotStarted",
      goLiveAt: istanbulTime(2026, 11, 13, 12),
    });
    const report = await run(goLive, db, friday);
    expect(report).toMatchObject({ projectId: "good", wentLive: true });
    const bad = (await db.doc(paths.project("bad")).get()).data()!;
    expect(bad.problem).toBe(
      "Proje yayına alınamadı. goLiveAt alanı timestamp türünde olmalı; yazılan: 1700000000.",
    );
    expect(bad.problemAt.toDate().toISOString()).toBe(friday.toISOString());
    for (const admin of ["a1@example.com", "a2@example.com"]) {
      const [mail, ...more] = await mailsTo(db, admin);
      expect(more).toEqual([]);
      expect(mail!.message.subject).toBe("Konsol girdisi kullanılamadı: projects/bad");
      expect(mail!.message.text).toContain(bad.problem);
    }
    expect(await mailsTo(db, "o1@example.com")).toEqual([]);

    // Fixed: the next Friday it goes live and the problem is gone.
    await db.doc(paths.project("bad")).update({ goLiveAt: friday });
    const next = await run(goLive, db, istanbulTime(2026, 11, 27, 12));
    expect(next).toMatchObject({ projectId: "bad", wentLive: true });
    const fixed = (await db.doc(paths.project("bad")).get()).data()!;
    expect(fixed.problem).toBeUndefined();
    expect(fixed).toMatchObject({ isLive: true, memberCount: 0, team: [], status: "NotStarted" });
    expect(await count(db, paths.mail)).toBe(2);
  });

  it("apply-removal-decisions: an unknown decision is reported once and applied once corrected", async () => {
    const db = await withAdmins();
    await db.doc(`${paths.removalReviews}/r1`).set({
      projectId: "p",
      targetUserId: "u",
      decision: "SİL",
      appliedAt: null,
    });
    const now = istanbulTime(2026, 11, 21, 10);
    expect(await run(applyRemovalDecisions, db, now)).toMatchObject({
      unusable: 1,
      problemsRecorded: 1,
    });
    expect(await run(applyRemovalDecisions, db, now)).toMatchObject({
      unusable: 1,
      problemsRecorded: 0,
    });
    expect(await count(db, paths.mail)).toBe(2);
    expect((await db.doc(`${paths.removalReviews}/r1`).get()).get("problem")).toContain(
      'yazılan: "SİL".',
    );
    await db.doc(`${paths.removalReviews}/r1`).update({ decision: "KEEP" });
    expect(await run(applyRemovalDecisions, db, now)).toMatchObject({ kept: 1, unusable: 0 });
    const review = (await db.doc(`${paths.removalReviews}/r1`).get()).data()!;
    expect(review.problem).toBeUndefined();
    expect(review.appliedAt).not.toBe(null);
  });

  it("profit-share: runs on netProfit alone, reports a month it cannot use and goes on", async () => {
    const db = await withAdmins();
    await db.doc(`${paths.payouts}/2026-10`).set({ netProfit: 1000 });
    await db.doc(`${paths.payouts}/2026-09`).set({ netProfit: "1000" });
    await db.doc(`${paths.payouts}/2026-08`).set({ netprofit: 1000 });
    await db.doc(`${paths.payouts}/2026-12`).set({ netProfit: null });
    const report = await run(profitShare, db, istanbulTime(2026, 11, 15, 10));
    expect(report).toMatchObject({ periodsComputed: 1, problemsRecorded: 2 });
    expect((await db.doc(`${paths.payouts}/2026-10`).get()).get("computedAt")).toBeTruthy();
    expect((await db.doc(`${paths.payouts}/2026-09`).get()).get("problem")).toContain(
      'netProfit number türünde olmalı; yazılan: "1000".',
    );
    expect((await db.doc(`${paths.payouts}/2026-08`).get()).get("problem")).toContain(
      "netProfit alanı yok",
    );
    expect((await db.doc(`${paths.payouts}/2026-12`).get()).get("problem")).toBeUndefined();
    expect(await count(db, paths.mail)).toBe(4);
    expect(await run(profitShare, db, istanbulTime(2026, 11, 16, 10))).toEqual({
      periodsComputed: 0,
    });
    expect(await count(db, paths.mail)).toBe(4);
  });
});
