import { describe, expect, it } from "vitest";
import type { Firestore } from "firebase-admin/firestore";
import { istanbulTime, paths } from "@platform/common";
import { announceProfitRate } from "../../src/jobs/announce-profit-rate.js";
import { profitShare } from "../../src/jobs/profit-share.js";
import { addProject, addTeam, addUser, build, put } from "./fixtures.js";
import { count, crashingAfter, dump, plain, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const payday = istanbulTime(2026, 12, 15, 10);
/** Passes the format and the mod-97 checksum. */
const VALID_IBAN = "TR330006100519786457841326";

/** November 2026 (30 days) with every kind of member. */
async function november(netProfit: number | null = 10_000) {
  const db = firestore.newDb();
  await put(db, build.platformConfig());
  if (netProfit !== null) await put(db, build.payoutPeriod("2026-11", netProfit));
  await addProject(db, "p");
  await addProject(db, "q");
  const iban = VALID_IBAN;
  await addUser(db, "full", {}, { iban });
  await addUser(db, "mid", {}, { iban });
  await addUser(db, "no-iban");
  await addUser(db, "minor", { birthDate: "2008-12-16" }, { iban });
  await addUser(db, "turns-18", { birthDate: "2008-12-15" }, { iban });
  await addUser(db, "senior", { type: "SENIOR" }, { iban });
  await addUser(db, "left-before", {}, { iban });
  await addUser(db, "moved", {}, { iban });
  await addTeam(db, "p", [
    { uid: "full", type: "JUNIOR" },
    { uid: "mid", type: "JUNIOR", joinedAt: istanbulTime(2026, 11, 15, 12) },
    { uid: "no-iban", type: "JUNIOR" },
    { uid: "minor", type: "JUNIOR" },
    { uid: "turns-18", type: "JUNIOR", joinedAt: istanbulTime(2026, 11, 30, 12) },
    { uid: "senior", type: "SENIOR" },
    { uid: "left-before", type: "JUNIOR", leftAt: istanbulTime(2026, 10, 31, 18) },
    { uid: "moved", type: "JUNIOR", leftAt: istanbulTime(2026, 11, 10, 9) },
  ]);
  // "moved" left p on the 10th and joined q the same day.
  await put(
    db,
    build.member(
      "q",
      { uid: "moved", type: "JUNIOR", positionName: "Tester" },
      { positionId: "x", joinedAt: istanbulTime(2026, 11, 10, 14) },
    ),
  );
  return db;
}

const statements = async (db: Firestore) =>
  Object.fromEntries(
    (await db.collection(paths.statements("2026-11")).get()).docs.map((d) => [
      d.id,
      plain(d.data()),
    ]),
  );

describe("profit-share", () => {
  it("waits for the 15th", async () => {
    const db = await november();
    expect(await run(profitShare, db, istanbulTime(2026, 12, 14, 23, 59))).toEqual({
      periodsComputed: 0,
    });
    expect(await count(db, paths.statements("2026-11"))).toBe(0);
  });

  it("computes the previous month on the 15th: days, shares, IBAN status and a summary", async () => {
    const db = await november();
    const report = await run(profitShare, db, payday);
    expect(report).toMatchObject({ periodsComputed: 1, "2026-11.statements": 4 });
    const byUser = await statements(db);
    // 30 + 15 + 30 + 30 days share 9 000 TL; no IBAN: the share is held, not handed out.
    expect(Object.keys(byUser).sort()).toEqual(["full", "mid", "moved", "no-iban"]);
    expect(byUser.full).toMatchObject({
      days: 30,
      amount: 2_571.43,
      amountKurus: 257_143,
      ibanStatus: "PRESENT",
      status: "PAYABLE",
      share: 30 / 105,
    });
    expect(byUser.mid).toMatchObject({
      days: 15,
      amount: 1_285.71,
      amountKurus: 128_571,
      ibanStatus: "PRESENT",
    });
    expect(byUser.moved).toMatchObject({ days: 30, amount: 2_571.43, amountKurus: 257_143 });
    expect(byUser["no-iban"]).toMatchObject({
      days: 30,
      amount: 2_571.43,
      amountKurus: 257_143,
      share: 30 / 105,
      ibanStatus: "MISSING",
      status: "HELD_NO_IBAN",
    });
    expect(
      Object.values(byUser).reduce<number>(
        (sum, st) => sum + (st as { amountKurus: number }).amountKurus,
        0,
      ),
    ).toBe(900_000);
    expect(byUser.full).toMatchObject({
      userId: "full",
      period: "2026-11",
      computedAt: payday.toISOString(),
    });

    const summary = plain((await db.doc(`${paths.payouts}/2026-11`).get()).data());
    expect(summary).toMatchObject({
      period: "2026-11",
      netProfit: 10_000,
      platformRate: 0.1,
      platformAmount: 1_000,
      distributable: 9_000,
      totalDays: 105,
      eligibleCount: 4,
      withoutIbanCount: 1,
      heldAmount: 2_571.43,
      statementCount: 4,
      computedAt: payday.toISOString(),
    });
  });

  it("tells a member whose share is held, once, by notification and mail", async () => {
    const db = await november();
    await run(profitShare, db, payday);
    await run(profitShare, db, istanbulTime(2026, 12, 16, 10));
    const notes = await db.collection(paths.notifications).get();
    expect(notes.docs.map((d) => [d.get("userId"), d.get("type")])).toEqual([
      ["no-iban", "PROFIT_SHARE_HELD"],
    ]);
    const mails = await db.collection(paths.mail).get();
    expect(mails.docs.map((d) => d.get("to"))).toEqual(["no-iban@example.com"]);
    expect(mails.docs[0]!.get("message.subject")).toBe(
      "Kasım 2026 kâr payınız IBAN bilginizi bekliyor",
    );
    expect(mails.docs[0]!.get("message.text")).toContain("2.571,43");
  });

  it("releases a held share in the first run after the member saved an IBAN", async () => {
    const db = await november();
    await run(profitShare, db, payday);
    // Still no IBAN the next day: nothing changes.
    expect(await run(profitShare, db, istanbulTime(2026, 12, 16, 10))).toEqual({
      periodsComputed: 0,
    });
    // An invalid IBAN written some other way releases nothing either.
    await db.doc(paths.userDetails("no-iban")).update({ iban: "TR000000000000000000000001" });
    expect(await run(profitShare, db, istanbulTime(2026, 12, 17, 10))).toEqual({
      periodsComputed: 0,
    });
    await db.doc(paths.userDetails("no-iban")).update({ iban: VALID_IBAN });
    const released = istanbulTime(2026, 12, 18, 10);
    expect(await run(profitShare, db, released)).toEqual({ periodsComputed: 0, released: 1 });
    expect((await statements(db))["no-iban"]).toMatchObject({
      status: "PAYABLE",
      ibanStatus: "PRESENT",
      amountKurus: 257_143,
      releasedAt: released.toISOString(),
    });
    // Once: the next run releases nothing and tells nobody again.
    expect(await run(profitShare, db, istanbulTime(2026, 12, 19, 10))).toEqual({
      periodsComputed: 0,
    });
    const notes = (await db.collection(paths.notifications).get()).docs.map((d) => d.get("type"));
    expect(notes.sort()).toEqual(["PROFIT_SHARE_HELD", "PROFIT_SHARE_RELEASED"]);
    const subjects = (await db.collection(paths.mail).get()).docs.map((d) =>
      d.get("message.subject"),
    );
    expect(subjects.sort()).toEqual([
      "Kasım 2026 kâr payınız IBAN bilginizi bekliyor",
      "Kasım 2026 kâr payınız ödemeye alındı",
    ]);
  });

  it("gives a Junior with days and no birth date a statement saying so", async () => {
    const db = await november();
    await addUser(db, "no-birth", { birthDate: "" }, { iban: VALID_IBAN });
    await addTeam(db, "q", [{ uid: "no-birth", type: "JUNIOR" }]);
    await run(profitShare, db, payday);
    const byUser = await statements(db);
    expect(byUser["no-birth"]).toMatchObject({
      days: 30,
      share: 0,
      amountKurus: 0,
      status: "NO_BIRTH_DATE",
    });
    // Not part of the split: the other four still share the whole 9 000 TL.
    expect(byUser.full).toMatchObject({ amountKurus: 257_143 });
    expect((await db.doc(`${paths.payouts}/2026-11`).get()).data()).toMatchObject({
      noBirthDateCount: 1,
      statementCount: 5,
    });
  });

  it("waits for the net profit, then computes the month once", async () => {
    const db = await november(null);
    expect(await run(profitShare, db, payday)).toEqual({ periodsComputed: 0 });
    await put(db, build.payoutPeriod("2026-11", 5_000));
    expect(await run(profitShare, db, istanbulTime(2026, 12, 16, 10))).toMatchObject({
      periodsComputed: 1,
    });
    const first = await statements(db);
    expect(await run(profitShare, db, istanbulTime(2026, 12, 17, 10))).toEqual({
      periodsComputed: 0,
    });
    expect(await statements(db)).toEqual(first);
  });

  it("resumes after a crash with the rate it started with and the same statements", async () => {
    const reference = await november();
    await run(profitShare, reference, payday);

    const db = await november();
    // The run record commits, then the first write batch fails.
    await expect(run(profitShare, crashingAfter(db, 1), payday)).rejects.toThrow("simulated crash");
    await db.doc(paths.platformConfig).update({ profitRate: 0.2 });
    await run(profitShare, db, istanbulTime(2026, 12, 15, 11));
    expect(await statements(db)).toEqual(await statements(reference));
    expect(await dump(db, paths.payouts)).toEqual(await dump(reference, paths.payouts));
  });

  it("writes a summary and no statements when nobody is eligible", async () => {
    const db = firestore.newDb();
    await put(db, build.payoutPeriod("2027-02", 800));
    await addProject(db, "p");
    await addUser(db, "kid", { birthDate: "2012-03-01" }, { iban: "TR01" });
    await addTeam(db, "p", [{ uid: "kid", type: "JUNIOR" }]);
    await run(profitShare, db, istanbulTime(2027, 3, 15, 10));
    expect(await count(db, paths.statements("2027-02"))).toBe(0);
    expect((await db.doc(`${paths.payouts}/2027-02`).get()).data()).toMatchObject({
      platformRate: 0.1,
      distributable: 720,
      eligibleCount: 0,
      totalDays: 0,
    });
  });
});

describe("announce-profit-rate", () => {
  async function members(n: number) {
    const db = firestore.newDb();
    await put(db, build.platformConfig());
    const writer = db.bulkWriter();
    for (let i = 0; i < n; i++) {
      const uid = `m${String(i).padStart(3, "0")}`;
      for (const { path, data } of [build.junior(uid, { name: `Üye ${i}` }), build.contact(uid)])
        void writer.set(db.doc(path), data);
    }
    await writer.close();
    return db;
  }
  const now = istanbulTime(2026, 11, 23, 10);

  it("mails nobody while the rate is unchanged", async () => {
    const db = await members(3);
    expect(await run(announceProfitRate, db, now)).toEqual({ announced: false });
    expect(await count(db, paths.mail)).toBe(0);
  });

  it("mails every member once when the rate changes", async () => {
    const db = await members(3);
    await db.doc(paths.platformConfig).update({ profitRate: 0.125 });
    expect(await run(announceProfitRate, db, now)).toMatchObject({ announced: true, mailed: 3 });
    const mails = (await db.collection(paths.mail).get()).docs.map((d) => d.data());
    expect(mails.map((m) => m.to).sort()).toEqual([
      "m000@example.com",
      "m001@example.com",
      "m002@example.com",
    ]);
    expect(mails[0]!.message.subject).toBe("Kâr paylaşımı oranı güncellendi");
    expect(mails[0]!.message.text).toContain("%10 yerine %12,5");
    expect((await db.doc(paths.platformConfig).get()).get("announcedProfitRate")).toBe(0.125);

    expect(await run(announceProfitRate, db, istanbulTime(2026, 11, 23, 10, 5))).toEqual({
      announced: false,
    });
    expect(await count(db, paths.mail)).toBe(3);
  });

  it("resumes after the last page it mailed", async () => {
    const db = await members(450);
    await db.doc(paths.platformConfig).update({ profitRate: 0.15 });
    await expect(run(announceProfitRate, crashingAfter(db, 1), now)).rejects.toThrow(
      "simulated crash",
    );
    expect(await count(db, paths.mail)).toBe(400);
    await run(announceProfitRate, db, istanbulTime(2026, 11, 23, 10, 5));
    expect(await count(db, paths.mail)).toBe(450);
    expect((await db.doc(paths.platformConfig).get()).get("announcedProfitRate")).toBe(0.15);
  });

  it("announces a second change again, even back to an earlier rate", async () => {
    const db = await members(2);
    await db.doc(paths.platformConfig).update({ profitRate: 0.12 });
    await run(announceProfitRate, db, now);
    await db.doc(paths.platformConfig).update({ profitRate: 0.1 });
    await run(announceProfitRate, db, istanbulTime(2026, 11, 24, 10));
    expect(await count(db, paths.mail)).toBe(4);
  });
});
