import { describe, expect, it } from "vitest";
import type { Firestore } from "firebase-admin/firestore";
import { istanbulTime, paths } from "@platform/common";
import { applyRemovalDecisions } from "../../src/jobs/apply-removal-decisions.js";
import { addProject, addTeam, addUser, build, put } from "./fixtures.js";
import { count, dump, plain, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const now = istanbulTime(2026, 11, 23, 10, 5);

async function review(db: Firestore, target: string, decision: "REMOVE" | "KEEP" | null) {
  await put(
    db,
    build.removalReview(
      { projectId: "p", targetUserId: target, weekId: "2026-11-20" },
      {
        requestCount: 2,
        otherMemberCount: 3,
        decision,
        decidedBy: decision ? "ops-1" : null,
        createdAt: istanbulTime(2026, 11, 20, 23, 59),
      },
    ),
  );
}

async function team() {
  const db = firestore.newDb();
  await addProject(db, "p", { managerId: "pm", openPositionCount: 0 });
  for (const uid of ["pm", "j2", "j3", "s1"]) {
    await addUser(db, uid, { currentProjectId: "p", currentProjectTitle: "Proje p" });
  }
  await addTeam(db, "p", [
    { uid: "pm", type: "JUNIOR", positionName: "Project Manager" },
    { uid: "j2", type: "JUNIOR" },
    { uid: "j3", type: "JUNIOR" },
    { uid: "s1", type: "SENIOR" },
  ]);
  return db;
}

describe("apply-removal-decisions", () => {
  it("removes a member when ops decided so, and reopens the seat", async () => {
    const db = await team();
    await review(db, "pm", "REMOVE");
    const report = await run(applyRemovalDecisions, db, now);
    expect(report).toMatchObject({ removed: 1, kept: 0 });

    const member = plain((await db.doc(`${paths.members("p")}/pm`).get()).data());
    expect(member).toMatchObject({ active: false, leftAt: now.toISOString() });
    // The public membership record does not say why; the server-only departure record does.
    expect(member).not.toHaveProperty("leftReason");
    expect(plain((await db.doc(paths.memberDeparture("p", "pm")).get()).data())).toEqual({
      reason: "REMOVED",
      leftAt: now.toISOString(),
    });
    const project = (await db.doc(paths.project("p")).get()).data()!;
    expect(project).toMatchObject({
      memberIds: ["j2", "j3", "s1"],
      memberCount: 3,
      openPositionCount: 1,
      managerId: null,
    });
    expect(plain((await db.doc(paths.position("p", "seat-pm")).get()).data())).toMatchObject({
      status: "OPEN",
      filledBy: null,
      applicantCount: 0,
      windowStartsAt: now.toISOString(),
      windowEndsAt: istanbulTime(2026, 11, 24, 10, 5).toISOString(),
    });
    expect((await db.doc(paths.user("pm")).get()).data()).toMatchObject({
      currentProjectId: null,
      currentProjectTitle: null,
    });
    const notices = (await db.collection(paths.notifications).get()).docs.map(
      (d) => `${d.get("type")}:${d.get("userId")}`,
    );
    expect(notices.sort()).toEqual([
      "PROJECT_HIRING:j2",
      "PROJECT_HIRING:j3",
      "PROJECT_HIRING:s1",
      "PROJECT_USER_DISCARDED:pm",
    ]);
    expect(
      plain((await db.doc(`${paths.removalReviews}/p_pm_2026-11-20`).get()).data()),
    ).toMatchObject({ decision: "REMOVE", appliedAt: now.toISOString() });
  });

  it("keeps a member when ops decided so, and waits for undecided reviews", async () => {
    const db = await team();
    await review(db, "j2", "KEEP");
    await review(db, "j3", null);
    const report = await run(applyRemovalDecisions, db, now);
    expect(report).toMatchObject({ kept: 1, removed: 0, undecided: 1 });
    expect((await db.doc(paths.project("p")).get()).get("memberCount")).toBe(4);
    expect(
      (await db.doc(`${paths.removalReviews}/p_j2_2026-11-20`).get()).get("appliedAt"),
    ).not.toBeNull();
    expect(
      (await db.doc(`${paths.removalReviews}/p_j3_2026-11-20`).get()).get("appliedAt"),
    ).toBeNull();
    expect(await count(db, paths.notifications)).toBe(0);
  });

  it("closes a removal of someone who left meanwhile without touching the team", async () => {
    const db = await team();
    await db.doc(`${paths.members("p")}/j3`).update({ active: false, leftAt: now });
    await put(db, build.departure("p", "j3", { leftAt: now }));
    await review(db, "j3", "REMOVE");
    const report = await run(applyRemovalDecisions, db, now);
    expect(report).toMatchObject({ alreadyGone: 1, removed: 0 });
    expect((await db.doc(paths.project("p")).get()).get("memberCount")).toBe(4);
    expect(await count(db, paths.notifications)).toBe(0);
  });

  it("applies a decision once, however often it runs", async () => {
    const once = await team();
    await review(once, "j2", "REMOVE");
    await run(applyRemovalDecisions, once, now);

    const twice = await team();
    await review(twice, "j2", "REMOVE");
    await Promise.all([
      run(applyRemovalDecisions, twice, now),
      run(applyRemovalDecisions, twice, now),
    ]);
    const later = await run(applyRemovalDecisions, twice, istanbulTime(2026, 11, 23, 10, 10));
    expect(later).toMatchObject({ removed: 0 });
    for (const c of [paths.projects, paths.users, paths.notifications, paths.removalReviews]) {
      expect(await dump(twice, c)).toEqual(await dump(once, c));
    }
    expect((await twice.doc(paths.project("p")).get()).get("memberCount")).toBe(3);
  });
});
