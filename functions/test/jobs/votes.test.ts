import { describe, expect, it } from "vitest";
import type { Firestore } from "firebase-admin/firestore";
import { type VoteAnswerDoc, type VoteDoc, istanbulTime, paths } from "@platform/common";
import type { Over } from "@platform/common/testing";
import { closeVotes } from "../../src/jobs/close-votes.js";
import { openVotes } from "../../src/jobs/open-votes.js";
import { addProject, addTeam, addUser, build, put } from "./fixtures.js";
import { count, crashingAfter, dump, run, testDatabases } from "./harness.js";

const firestore = testDatabases();

const week = "2026-11-20";
const opens = istanbulTime(2026, 11, 20, 12);
// The vote takes answers through Friday 23:59 and closes when Saturday begins.
const closes = istanbulTime(2026, 11, 21, 0, 0);
const scores = (v: number) => ({
  timeControl: v,
  communication: v,
  problemSolving: v,
  improvement: v,
  initiative: v,
});

/** A team of three Juniors and a Senior, a one-person team, and a queued project. */
async function teams() {
  const db = firestore.newDb();
  await addProject(db, "p");
  for (const uid of ["j1", "j2", "j3"]) await addUser(db, uid, { skills: [{ name: `S-${uid}` }] });
  await addUser(db, "s1", { type: "SENIOR", position: { name: "Mentor" } });
  await addUser(db, "solo");
  await addTeam(db, "p", [
    { uid: "j1", type: "JUNIOR" },
    { uid: "j2", type: "JUNIOR" },
    { uid: "j3", type: "JUNIOR" },
    { uid: "s1", type: "SENIOR" },
    // Left before the vote: neither votes nor is counted.
    { uid: "gone", type: "JUNIOR", leftAt: istanbulTime(2026, 11, 18) },
  ]);
  await addProject(db, "alone");
  await addTeam(db, "alone", [{ uid: "solo", type: "JUNIOR" }]);
  await addProject(db, "queued", { isLive: false });
  await addTeam(db, "queued", [
    { uid: "q1", type: "JUNIOR" },
    { uid: "q2", type: "JUNIOR" },
  ]);
  return db;
}

async function answer(
  db: Firestore,
  voter: string,
  target: string,
  over: Over<VoteAnswerDoc> = {},
) {
  const id = `${week}_${voter}_${target}`;
  const vote = (await db.collection(paths.votes).doc(id).get()).data() as VoteDoc;
  await put(
    db,
    build.voteAnswer(
      { voterId: voter, targetUserId: target, projectId: "p", weekId: week, kind: vote.kind },
      {
        scores: vote.kind === "MENTOR" ? null : scores(4),
        submittedAt: istanbulTime(2026, 11, 20, 14),
        ...over,
      },
    ),
  );
  await db.collection(paths.votes).doc(id).update({ status: "COMPLETED", completedAt: new Date() });
}

describe("open-votes", () => {
  it("does not open before Friday 12:00", async () => {
    const db = await teams();
    expect(await run(openVotes, db, istanbulTime(2026, 11, 20, 11, 59))).toMatchObject({
      opened: false,
    });
    expect(await count(db, paths.votes)).toBe(0);
  });

  it("opens the week's votes of every live team at Friday 12:00", async () => {
    const db = await teams();
    const report = await run(openVotes, db, opens);
    // 3 Juniors: 6 PEER, 3 MENTOR; the Senior: 3 SKILL.
    expect(report).toMatchObject({ opened: true, teams: 1, votes: 12 });
    const votes = (await db.collection(paths.votes).get()).docs;
    const kinds = votes.map((v) => v.get("kind") as string);
    expect(kinds.filter((k) => k === "PEER")).toHaveLength(6);
    expect(kinds.filter((k) => k === "MENTOR")).toHaveLength(3);
    expect(kinds.filter((k) => k === "SKILL")).toHaveLength(3);
    const skill = (await db.collection(paths.votes).doc(`${week}_s1_j2`).get()).data()!;
    expect(skill).toMatchObject({
      voterId: "s1",
      targetUserId: "j2",
      targetUser: { name: "Üye j2", userName: "uye-j2", type: "JUNIOR" },
      projectId: "p",
      weekId: week,
      kind: "SKILL",
      skills: ["S-j2"],
      status: "PENDING",
    });
    expect(skill.closesAt.toDate().getTime()).toBe(closes.getTime());
    const notice = (
      await db.collection(paths.notifications).where("content.voteId", "==", `${week}_j1_s1`).get()
    ).docs[0]!.data();
    expect(notice).toMatchObject({
      userId: "j1",
      type: "PROJECT_USER_VOTETIME",
      content: { projectId: "p", targetUser: "Üye s1", voteId: `${week}_j1_s1` },
    });
    expect(await count(db, paths.notifications)).toBe(12);
  });

  it("writes nothing twice when run again, and never reopens an answered vote", async () => {
    const db = await teams();
    await expect(run(openVotes, crashingAfter(db, 0), opens)).rejects.toThrow("simulated crash");
    expect(await count(db, paths.votes)).toBe(0);
    await run(openVotes, db, opens);
    await answer(db, "j1", "j2");
    const again = await run(openVotes, db, istanbulTime(2026, 11, 20, 12, 30));
    expect(again).toMatchObject({ teams: 0, teamsAlreadyOpen: 1, votes: 0 });
    expect(await count(db, paths.votes)).toBe(12);
    expect(await count(db, paths.notifications)).toBe(12);
    expect((await db.collection(paths.votes).doc(`${week}_j1_j2`).get()).get("status")).toBe(
      "COMPLETED",
    );
  });
});

describe("close-votes", () => {
  async function votedWeek() {
    const db = await teams();
    await run(openVotes, db, opens);
    await answer(db, "j2", "j1", {
      scores: scores(2),
      feedback: "  Toplantılara hazırlıksız geliyor.  ",
      discardWanted: true,
      discardReason: "Katkı yok",
    });
    await answer(db, "j3", "j1", { scores: scores(3), discardWanted: true, discardReason: "" });
    await answer(db, "s1", "j1", { scores: scores(5), skillVotes: { "S-j1": 4 } });
    await answer(db, "j1", "s1", { discardWanted: true, discardReason: "Hiç ulaşılamıyor" });
    await answer(db, "j1", "j2", { feedback: "Harika iş çıkardı" });
    return db;
  }

  it("counts the answers into the averages, with feedback and its author", async () => {
    const db = await votedWeek();
    const report = await run(closeVotes, db, closes);
    expect(report).toMatchObject({
      weekId: week,
      answersCounted: 5,
      membersRated: 3,
      feedbacks: 2,
      removalReviews: 1,
      expiredVotes: 7,
    });
    const j1 = (await db.doc(paths.user("j1")).get()).data()!;
    expect(j1.rateCount).toBe(3);
    expect(j1.totalRate).toEqual(scores((2 + 3 + 5) / 3));
    expect(j1.skillVotes).toEqual({ "S-j1": 4 });
    expect(j1.skillVoteCounts).toEqual({ "S-j1": 1 });
    // A mentor vote carries no rating.
    expect((await db.doc(paths.user("s1")).get()).get("rateCount")).toBe(0);

    const feedback = (await db.collection(paths.feedbacks("j1")).get()).docs.map((d) => d.data());
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({
      evaluatorId: "j2",
      evaluatorUser: {
        name: "Üye j2",
        userName: "uye-j2",
        position: { name: "Frontend Developer" },
      },
      feedback: "Toplantılara hazırlıksız geliyor.",
      projectId: "p",
      weekId: week,
    });
    const types = (await db.collection(paths.notifications).where("userId", "==", "j1").get()).docs
      .map((d) => d.get("type") as string)
      .filter((t) => t !== "PROJECT_USER_VOTETIME")
      .sort();
    expect(types).toEqual(["PROJECT_USER_GOTFEEDBACK", "PROJECT_USER_VOTECOMPLETED"]);
    expect(await count(db, paths.notifications, "type", "PROJECT_USER_VOTECOMPLETED")).toBe(4);
    expect(await count(db, paths.votes, "status", "EXPIRED")).toBe(7);
  });

  it("opens a removal review at 50% of the other members, and only then", async () => {
    const db = await votedWeek();
    await run(closeVotes, db, closes);
    const reviews = await dump(db, paths.removalReviews);
    expect(Object.keys(reviews)).toEqual([`${paths.removalReviews}/p_j1_${week}`]);
    expect(Object.values(reviews)[0]).toMatchObject({
      projectId: "p",
      projectTitle: "Proje p",
      targetUserId: "j1",
      targetName: "Üye j1",
      weekId: week,
      requestCount: 2,
      otherMemberCount: 3,
      reasons: ["Katkı yok"],
      decision: null,
      appliedAt: null,
    });
  });

  it("mails every operations specialist the new review and what to write, once", async () => {
    const db = await votedWeek();
    await put(
      db,
      build.role("ops1", "ops", "ops1@example.com"),
      build.role("ops2", "ops", "ops2@example.com"),
      build.role("hr1", "hr", "hr1@example.com"),
    );
    await run(closeVotes, db, closes);
    const mails = (await db.collection(paths.mail).get()).docs.map((d) => d.data());
    expect(mails.map((m) => m.to).sort()).toEqual(["ops1@example.com", "ops2@example.com"]);
    expect(mails[0]!.message.subject).toBe("Çıkarma incelemesi: Üye j1 (Proje p)");
    const text = mails[0]!.message.text as string;
    expect(text).toContain(
      `"Proje p" projesinde Üye j1 için çıkarma incelemesi açıldı (hafta ${week}).`,
    );
    expect(text).toContain(
      "Oylar: diğer 3 ekip üyesinden 2 kişi Üye j1 adlı üyenin ekipten çıkarılmasını istedi.",
    );
    expect(text).toContain("Gerekçeler:\n- Katkı yok");
    expect(text).toContain(
      `removalReviews/p_j1_${week} belgesine yazın: decision alanına (string) "REMOVE" (üye ekipten çıkarılır) ya da "KEEP" (üye ekipte kalır), decidedBy alanına (string) e-posta adresinizi.`,
    );
    await run(closeVotes, db, istanbulTime(2026, 11, 21, 9));
    expect(await count(db, paths.mail)).toBe(2);
  });

  it("gives the same result when run twice", async () => {
    const once = await votedWeek();
    await run(closeVotes, once, closes);
    const twice = await votedWeek();
    await run(closeVotes, twice, closes);
    const again = await run(closeVotes, twice, istanbulTime(2026, 11, 21, 9));
    expect(again).toMatchObject({ answersCounted: 0, completedNotifications: 0 });
    for (const c of [paths.users, paths.removalReviews]) {
      expect(await dump(twice, c)).toEqual(await dump(once, c));
    }
    expect(await count(twice, paths.notifications)).toBe(await count(once, paths.notifications));
    expect((await twice.collection(paths.feedbacks("j1")).get()).size).toBe(1);
  });

  it("counts every answer once when two runs overlap", async () => {
    const db = await votedWeek();
    const reports = await Promise.all([run(closeVotes, db, closes), run(closeVotes, db, closes)]);
    expect(reports.reduce((sum, r) => sum + (r.answersCounted as number), 0)).toBe(5);
    const reference = await votedWeek();
    await run(closeVotes, reference, closes);
    for (const c of [paths.users, paths.removalReviews]) {
      expect(await dump(db, c)).toEqual(await dump(reference, c));
    }
    expect(await count(db, paths.notifications)).toBe(await count(reference, paths.notifications));
    expect((await db.collection(paths.feedbacks("j1")).get()).size).toBe(1);
  });

  it("resumes after a crash midway without counting an answer twice", async () => {
    const db = await votedWeek();
    // Expiry and the first target's transaction commit, then the run dies.
    await expect(run(closeVotes, crashingAfter(db, 3), closes)).rejects.toThrow("simulated crash");
    await run(closeVotes, db, closes);
    const reference = await votedWeek();
    await run(closeVotes, reference, closes);
    const rated = async (d: Firestore) =>
      Object.fromEntries(
        (await d.collection(paths.users).get()).docs.map((u) => [
          u.id,
          [u.get("rateCount"), u.get("totalRate")],
        ]),
      );
    expect(await rated(db)).toEqual(await rated(reference));
    expect(await count(db, paths.notifications)).toBe(await count(reference, paths.notifications));
    expect(await count(db, paths.voteAnswers, "aggregatedAt", null)).toBe(0);
  });

  it("counts an answer that arrived after the run in the next run", async () => {
    const db = await votedWeek();
    await run(closeVotes, db, closes);
    await put(
      db,
      build.voteAnswer(
        { voterId: "j2", targetUserId: "j3", projectId: "p", weekId: week, kind: "PEER" },
        { scores: scores(1), submittedAt: istanbulTime(2026, 11, 20, 23, 58, 59) },
      ),
    );
    const next = await run(closeVotes, db, istanbulTime(2026, 11, 28, 0, 0));
    expect(next).toMatchObject({ answersCounted: 1 });
    expect((await db.doc(paths.user("j3")).get()).data()).toMatchObject({
      rateCount: 1,
      totalRate: scores(1),
    });
  });

  it("does not count this week's answers before Saturday 00:00, not even at 23:59:59", async () => {
    const db = await votedWeek();
    const early = await run(closeVotes, db, istanbulTime(2026, 11, 20, 23, 59, 59));
    expect(early).toMatchObject({ weekId: "2026-11-13", answersCounted: 0 });
    expect((await db.doc(paths.user("j1")).get()).get("rateCount")).toBe(0);
  });
});
