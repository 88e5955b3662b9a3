import { describe, expect, it } from "vitest";
import type { Firestore } from "firebase-admin/firestore";
import { istanbulTime, paths } from "@platform/common";
import { selectApplicants } from "../../src/jobs/select-applicants.js";
import { addProject, addUser, build, put } from "./fixtures.js";
import { count, dump, plain, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const liveSince = istanbulTime(2026, 11, 20, 12);
const saturdayNoon = istanbulTime(2026, 11, 21, 12);

async function openPosition(db: Firestore, id: string, positionName = "Project Manager") {
  await put(
    db,
    build.position("p", id, {
      positionName,
      windowStartsAt: liveSince,
      windowEndsAt: saturdayNoon,
    }),
  );
}

async function apply(db: Firestore, positionId: string, uid: string, rating: number, at: Date) {
  await addUser(db, uid);
  await put(
    db,
    build.state(uid, { projectId: "p", positionId }),
    build.application("p", positionId, uid, { ratingAtApply: rating, appliedAt: at }),
  );
}

async function scenario() {
  const db = firestore.newDb();
  await addProject(db, "p", {
    status: "NotStarted",
    liveSince,
    allPositionCount: 2,
    openPositionCount: 2,
  });
  await openPosition(db, "pm");
  await openPosition(db, "dev", "Frontend Developer");
  await apply(db, "pm", "later", 4.2, istanbulTime(2026, 11, 20, 15));
  await apply(db, "pm", "earlier", 4.2, istanbulTime(2026, 11, 20, 13));
  await apply(db, "pm", "lower", 3.9, istanbulTime(2026, 11, 20, 12, 1));
  return db;
}

describe("select-applicants", () => {
  it("leaves windows alone until they end: Saturday 11:59", async () => {
    const db = await scenario();
    const report = await run(selectApplicants, db, istanbulTime(2026, 11, 21, 11, 59));
    expect(report.windowsOver).toBe(0);
    expect((await db.doc(paths.position("p", "pm")).get()).get("status")).toBe("OPEN");
  });

  it("selects at Saturday 12:00: the best rating, ties to the earliest application", async () => {
    const db = await scenario();
    const report = await run(selectApplicants, db, saturdayNoon);
    expect(report).toMatchObject({ windowsOver: 2, selected: 1, extended: 1 });

    expect(plain((await db.doc(paths.position("p", "pm")).get()).data())).toMatchObject({
      status: "FILLED",
      filledBy: "earlier",
    });
    const project = (await db.doc(paths.project("p")).get()).data()!;
    expect(project).toMatchObject({
      memberCount: 1,
      openPositionCount: 1,
      memberIds: ["earlier"],
      managerId: "earlier",
      status: "Ongoing",
    });
    expect(project.team).toEqual([
      {
        uid: "earlier",
        name: "Üye earlier",
        userName: "uye-earlier",
        type: "JUNIOR",
        positionName: "Project Manager",
      },
    ]);
    expect(plain((await db.doc(`${paths.members("p")}/earlier`).get()).data())).toMatchObject({
      active: true,
      positionId: "pm",
      joinedAt: saturdayNoon.toISOString(),
    });
    expect((await db.doc(paths.user("earlier")).get()).data()).toMatchObject({
      currentProjectId: "p",
      currentProjectTitle: "Proje p",
    });
    expect((await db.doc(paths.user("later")).get()).data()).toMatchObject({
      currentProjectId: null,
    });
    for (const uid of ["earlier", "later"]) {
      expect((await db.doc(paths.userState(uid)).get()).data()).toEqual({
        activeApplication: null,
      });
    }
    const statuses = Object.fromEntries(
      (await db.collection(paths.applications("p", "pm")).get()).docs.map((d) => [
        d.id,
        d.get("status"),
      ]),
    );
    expect(statuses).toEqual({ earlier: "ACCEPTED", later: "REJECTED", lower: "REJECTED" });
    const notices = (await db.collection(paths.notifications).get()).docs.map(
      (d) => `${d.get("type")}:${d.get("userId")}`,
    );
    expect(notices.sort()).toEqual([
      "PROJECT_ACCEPTED:earlier",
      "PROJECT_REJECTED:later",
      "PROJECT_REJECTED:lower",
    ]);
  });

  it("extends an empty window by 24 hours, again and again", async () => {
    const db = await scenario();
    await run(selectApplicants, db, saturdayNoon);
    const end = async () =>
      (
        (await db.doc(paths.position("p", "dev")).get()).get(
          "windowEndsAt",
        ) as FirebaseFirestore.Timestamp
      )
        .toDate()
        .getTime();
    expect(await end()).toBe(istanbulTime(2026, 11, 22, 12).getTime());
    await run(selectApplicants, db, istanbulTime(2026, 11, 22, 11, 59));
    expect(await end()).toBe(istanbulTime(2026, 11, 22, 12).getTime());
    await run(selectApplicants, db, istanbulTime(2026, 11, 22, 12));
    expect(await end()).toBe(istanbulTime(2026, 11, 23, 12).getTime());
  });

  it("passes over an applicant who is in another project by now", async () => {
    const db = await scenario();
    await db.doc(paths.user("earlier")).update({ currentProjectId: "elsewhere" });
    await run(selectApplicants, db, saturdayNoon);
    expect((await db.doc(paths.position("p", "pm")).get()).get("filledBy")).toBe("later");
    expect((await db.doc(paths.user("earlier")).get()).get("currentProjectId")).toBe("elsewhere");
  });

  it("skips positions of a project that is not live yet", async () => {
    const db = await scenario();
    await db.doc(paths.project("p")).update({ isLive: false });
    const report = await run(selectApplicants, db, saturdayNoon);
    expect(report).toMatchObject({ windowsOver: 2, skipped: 2 });
    expect((await db.doc(paths.position("p", "pm")).get()).get("status")).toBe("OPEN");
  });

  it("gives the same result when run twice, or twice at once", async () => {
    const once = await scenario();
    await run(selectApplicants, once, saturdayNoon);

    const twice = await scenario();
    await Promise.all([
      run(selectApplicants, twice, saturdayNoon),
      run(selectApplicants, twice, saturdayNoon),
    ]);
    await run(selectApplicants, twice, istanbulTime(2026, 11, 21, 12, 5));
    for (const collection of [paths.projects, paths.users, paths.notifications]) {
      expect(await dump(twice, collection)).toEqual(await dump(once, collection));
    }
    expect(await dump(twice, "members", true)).toEqual(await dump(once, "members", true));
    expect(await count(twice, paths.notifications)).toBe(3);
    expect((await twice.doc(paths.project("p")).get()).get("memberCount")).toBe(1);
  });
});
