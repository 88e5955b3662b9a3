import { describe, expect, it } from "vitest";
import type { Firestore } from "firebase-admin/firestore";
import { istanbulTime, paths } from "@platform/common";
import { announceHiring } from "../../src/jobs/announce-hiring.js";
import { applyRemovalDecisions } from "../../src/jobs/apply-removal-decisions.js";
import { addProject, addTeam, addUser, build, put } from "./fixtures.js";
import { crashingAfter, plain, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const now = istanbulTime(2026, 11, 23, 10, 5);

/** A team whose Frontend Developer j2 ops decided to remove, and members around it. */
async function seatReopened() {
  const db = firestore.newDb();
  await addProject(db, "p", { managerId: "pm", liveSince: istanbulTime(2026, 11, 13, 12) });
  for (const uid of ["pm", "j2", "j3"]) {
    await addUser(db, uid, { currentProjectId: "p", currentProjectTitle: "Proje p" });
  }
  await addTeam(db, "p", [
    { uid: "pm", type: "JUNIOR", positionName: "Project Manager" },
    { uid: "j2", type: "JUNIOR" },
    { uid: "j3", type: "JUNIOR" },
  ]);
  // Who could take a Junior Frontend Developer seat: free Junior Frontend Developers.
  await addUser(db, "free1");
  await addUser(db, "free2", { position: { name: "frontend developer " } });
  await addUser(db, "busy", { currentProjectId: "other", currentProjectTitle: "Başka" });
  await addUser(db, "backend", { position: { name: "Backend Developer" } });
  await addUser(db, "senior", { type: "SENIOR" });
  await addUser(db, "unfinished", { profileComplete: false });
  await put(
    db,
    build.removalReview(
      { projectId: "p", targetUserId: "j2", weekId: "2026-11-20" },
      {
        requestCount: 2,
        otherMemberCount: 2,
        decision: "REMOVE",
        decidedBy: "ops-1",
        createdAt: istanbulTime(2026, 11, 21, 0, 0),
      },
    ),
  );
  await run(applyRemovalDecisions, db, now);
  return db;
}

const hiring = async (db: Firestore) =>
  (await db.collection(paths.notifications).where("type", "==", "PROJECT_HIRING").get()).docs
    .map((d) => d.get("userId") as string)
    .sort();

describe("announce-hiring", () => {
  it("tells the team and every member who could take a reopened seat, nobody else", async () => {
    const db = await seatReopened();
    expect(await hiring(db)).toEqual(["j3", "pm"]);
    const report = await run(announceHiring, db, istanbulTime(2026, 11, 23, 10, 10));
    expect(report).toEqual({ openings: 1, notified: 2 });
    expect(await hiring(db)).toEqual(["free1", "free2", "j3", "pm"]);
    const note = (
      await db.collection(paths.notifications).where("userId", "==", "free1").get()
    ).docs[0]!.data();
    expect(plain(note)).toMatchObject({
      type: "PROJECT_HIRING",
      read: false,
      content: { projectId: "p", projectTitle: "Proje p" },
      createdAt: now.toISOString(),
    });
  });

  it("passes over a free member whose application waits for its selection (docs/product-rules.md#one-project)", async () => {
    const db = await seatReopened();
    await put(db, build.state("free2", { projectId: "other", positionId: "fe" }));
    await run(announceHiring, db, istanbulTime(2026, 11, 23, 10, 10));
    expect(await hiring(db)).toEqual(["free1", "j3", "pm"]);
  });

  it("announces an opening once, however often it runs", async () => {
    const db = await seatReopened();
    await run(announceHiring, db, istanbulTime(2026, 11, 23, 10, 10));
    expect(await run(announceHiring, db, istanbulTime(2026, 11, 23, 10, 15))).toEqual({
      openings: 0,
      notified: 0,
    });
    expect(await hiring(db)).toEqual(["free1", "free2", "j3", "pm"]);
  });

  it("finishes after a crash without telling anyone twice", async () => {
    const db = await seatReopened();
    await expect(run(announceHiring, crashingAfter(db, 0), now)).rejects.toThrow("simulated crash");
    expect(await hiring(db)).toEqual(["j3", "pm"]);
    await run(announceHiring, db, now);
    expect(await hiring(db)).toEqual(["free1", "free2", "j3", "pm"]);
  });
});
