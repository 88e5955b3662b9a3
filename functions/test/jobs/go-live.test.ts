import { describe, expect, it } from "vitest";
import { istanbulTime, paths } from "@platform/common";
import { goLive } from "../../src/jobs/go-live.js";
import { addProject, addUser, build } from "./fixtures.js";
import { count, crashingAfter, plain, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const friday = istanbulTime(2026, 11, 20, 12);
const fridayLate = istanbulTime(2026, 11, 20, 12, 0, 40);

async function queue(db: FirebaseFirestore.Firestore) {
  await addProject(db, "first", { isLive: false, status: "NotStarted", goLiveAt: friday });
  await addProject(db, "second", {
    isLive: false,
    status: "NotStarted",
    goLiveAt: istanbulTime(2026, 11, 27, 12),
  });
  // Positions prepared in the console (written raw: console input, not complete documents), one
  // with a window from its planned date.
  await db.doc(paths.position("first", "pm")).set({
    projectId: "first",
    positionName: "Project Manager",
    type: "JUNIOR",
    status: "OPEN",
    windowStartsAt: istanbulTime(2026, 11, 19),
    windowEndsAt: istanbulTime(2026, 11, 20),
    applicantCount: 0,
    filledBy: null,
  });
  await db.doc(paths.position("first", "dev")).set({
    projectId: "first",
    positionName: "Frontend Developer",
    type: "JUNIOR",
    expectations: [],
  });
}

describe("go-live", () => {
  it("does nothing at Friday 11:59", async () => {
    const db = firestore.newDb();
    await queue(db);
    const report = await run(goLive, db, istanbulTime(2026, 11, 20, 11, 59));
    expect(report.wentLive).toBe(false);
    expect((await db.doc(paths.project("first")).get()).get("isLive")).toBe(false);
  });

  it("puts the next queued project live at Friday 12:00 and tells every member", async () => {
    const db = firestore.newDb();
    await queue(db);
    await addUser(db, "u1");
    await addUser(db, "u2");
    await addUser(db, "unfinished", { profileComplete: false });

    const report = await run(goLive, db, fridayLate);
    expect(report).toMatchObject({ projectId: "first", wentLive: true, notified: 2 });
    const project = plain((await db.doc(paths.project("first")).get()).data()) as Record<
      string,
      unknown
    >;
    expect(project).toMatchObject({ isLive: true, liveSince: friday.toISOString() });
    expect((await db.doc(paths.project("second")).get()).get("isLive")).toBe(false);
    // The window runs from go-live to Saturday 12:00, the end of the Junior-PM-only period.
    const position = plain((await db.doc(paths.position("first", "pm")).get()).data());
    expect(position).toMatchObject({
      windowStartsAt: friday.toISOString(),
      windowEndsAt: istanbulTime(2026, 11, 21, 12).toISOString(),
    });
    // Every other seat opens when that period ends: Saturday 12:00 to Sunday 12:00.
    const dev = plain((await db.doc(paths.position("first", "dev")).get()).data());
    expect(dev).toMatchObject({
      status: "OPEN",
      windowStartsAt: istanbulTime(2026, 11, 21, 12).toISOString(),
      windowEndsAt: istanbulTime(2026, 11, 22, 12).toISOString(),
    });
    const notices = await db.collection(paths.notifications).get();
    expect(notices.docs.map((d) => d.get("userId")).sort()).toEqual(["u1", "u2"]);
    expect(notices.docs[0]!.data()).toMatchObject({
      type: "PROJECT_TO_LIVE",
      read: false,
      content: { projectId: "first", projectTitle: "Proje first" },
    });
  });

  it("does nothing more when run twice, and takes the next project the next Friday", async () => {
    const db = firestore.newDb();
    await queue(db);
    await addUser(db, "u1");
    await run(goLive, db, fridayLate);
    await db
      .collection(paths.notifications)
      .doc((await db.collection(paths.notifications).get()).docs[0]!.id)
      .update({ read: true });
    const again = await run(goLive, db, istanbulTime(2026, 11, 20, 12, 5));
    expect(again).toMatchObject({ alreadyDone: true, projectId: "first" });
    expect(await count(db, paths.notifications)).toBe(1);
    expect(await count(db, paths.notifications, "read", true)).toBe(1);

    const next = await run(goLive, db, istanbulTime(2026, 11, 27, 12));
    expect(next).toMatchObject({ projectId: "second", wentLive: true });
    expect(await count(db, paths.notifications)).toBe(2);
  });

  it("resumes after a crash between going live and notifying", async () => {
    const db = firestore.newDb();
    await queue(db);
    await addUser(db, "u1");
    await expect(run(goLive, crashingAfter(db, 1), fridayLate)).rejects.toThrow("simulated crash");
    expect((await db.doc(paths.project("first")).get()).get("isLive")).toBe(true);
    expect(await count(db, paths.notifications)).toBe(0);

    const resumed = await run(goLive, db, fridayLate);
    expect(resumed).toMatchObject({ projectId: "first", notified: 1 });
    expect(await count(db, paths.notifications)).toBe(1);
    expect((await db.doc(paths.project("second")).get()).get("isLive")).toBe(false);
  });

  it("resumes notifying after the last page it committed, writing nobody twice", async () => {
    const db = firestore.newDb();
    await queue(db);
    const batch = db.batch();
    for (let i = 0; i < 450; i++) {
      const { path, data } = build.junior(`m${String(i).padStart(3, "0")}`);
      batch.set(db.doc(path), data);
    }
    await batch.commit();
    // The go-live transaction and the first page of 400 commit; the second page crashes.
    await expect(run(goLive, crashingAfter(db, 2), fridayLate)).rejects.toThrow("simulated crash");
    expect(await count(db, paths.notifications)).toBe(400);

    const resumed = await run(goLive, db, fridayLate);
    expect(resumed.notified).toBe(450);
    expect(await count(db, paths.notifications)).toBe(450);
  });
});
