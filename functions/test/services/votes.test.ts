import { describe, expect, it } from "vitest";
import { messages, paths, voteWeekFor } from "@platform/common";
import * as votes from "../../src/services/votes.js";
import { addUser } from "../jobs/fixtures.js";
import { T0, serviceWorlds } from "./harness.js";
import { viewer } from "./fixtures.js";

const world = serviceWorlds();
const HOUR = 3_600_000;
const scores = (v: number) => ({
  timeControl: v,
  communication: v,
  problemSolving: v,
  improvement: v,
  initiative: v,
});

async function vote(w: ReturnType<typeof world>, id: string, over: Record<string, unknown> = {}) {
  await w.db.doc(`${paths.votes}/${id}`).set({
    voterId: "j1",
    targetUserId: "j2",
    targetUser: { name: "Üye j2", userName: "uye-j2", type: "JUNIOR" },
    projectId: "p",
    weekId: "2026-02-27",
    kind: "PEER",
    skills: [],
    status: "PENDING",
    opensAt: new Date(T0.getTime() - HOUR),
    closesAt: new Date(T0.getTime() + HOUR),
    completedAt: null,
    ...over,
  });
}

describe("votes service", () => {
  it("the voter answers an open vote once; the answer and the state land together", async () => {
    const w = world();
    await vote(w, "v1");
    expect((await votes.pendingVotes("j1", w.now(), w.deps)).map((v) => v._id)).toEqual(["v1"]);
    await expect(votes.pendingVote("j2", "v1", w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      votes.completeVote(
        "j1",
        "v1",
        { scores: { ...scores(4), initiative: null } },
        w.now(),
        w.deps,
      ),
    ).rejects.toMatchObject({ code: "INVALID" });
    expect(await votes.completeVote("j1", "v1", { scores: scores(4) }, w.now(), w.deps)).toEqual({
      voteId: "v1",
      status: "COMPLETED",
    });
    const answer = (await w.db.doc(`${paths.voteAnswers}/v1`).get()).data()!;
    expect(answer).toMatchObject({ voterId: "j1", targetUserId: "j2", scores: scores(4) });
    expect(answer.submittedAt.toDate()).toEqual(w.now());
    await expect(
      votes.completeVote("j1", "v1", { scores: scores(3) }, w.now(), w.deps),
    ).rejects.toMatchObject({ code: "CONFLICT", message: messages.votes.alreadyCompleted });
    expect(await votes.pendingVotes("j1", w.now(), w.deps)).toEqual([]);
  });

  it("refuses votes not open yet, closed, someone else's or missing", async () => {
    const w = world();
    await vote(w, "early", {
      opensAt: new Date(T0.getTime() + HOUR),
      closesAt: new Date(T0.getTime() + 2 * HOUR),
    });
    await vote(w, "late", { closesAt: T0 });
    const submit = (uid: string, id: string) =>
      votes.completeVote(uid, id, { scores: scores(4) }, w.now(), w.deps);
    await expect(submit("j1", "early")).rejects.toMatchObject({
      code: "CONFLICT",
      message: messages.votes.notOpen,
    });
    await expect(submit("j1", "late")).rejects.toMatchObject({
      code: "CONFLICT",
      message: messages.votes.closed,
    });
    await expect(submit("j2", "early")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(submit("j1", "yok")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.votes.notFound,
    });
    expect((await w.db.collection(paths.voteAnswers).get()).size).toBe(0);
  });

  it("feedback is the member's own, or anyone's for HR", async () => {
    const w = world();
    await w.db.doc(`${paths.feedbacks("j2")}/f1`).set({ text: "İyi iş", updatedAt: T0 });
    await expect(votes.feedbacks(viewer("j1"), "j2", w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await votes.feedbacks(viewer("j2"), undefined, w.deps)).toHaveLength(1);
    expect(await votes.feedbacks(viewer("h", "hr"), "j2", w.deps)).toHaveLength(1);
  });

  it("a Junior asks once a week to end the work with their project's Senior", async () => {
    const w = world();
    await addUser(w.db, "j1", { currentProjectId: "p" });
    await addUser(w.db, "s1", { type: "SENIOR", currentProjectId: "p" });
    await addUser(w.db, "s2", { type: "SENIOR", currentProjectId: "q" });
    await expect(votes.discardWantedSenior("j1", "s2", "", w.now(), w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: messages.votes.discardNotAllowed,
    });
    await expect(votes.discardWantedSenior("s1", "j1", "", w.now(), w.deps)).rejects.toMatchObject({
      code: "INVALID",
      message: messages.votes.discardTargetNotSenior,
    });
    const week = voteWeekFor(w.now());
    expect(await votes.discardWantedSenior("j1", "s1", "Yardım etmiyor", w.now(), w.deps)).toEqual({
      requestId: `mentor_${week}_j1_s1`,
      weekId: week,
    });
    await expect(votes.discardWantedSenior("j1", "s1", "", w.now(), w.deps)).rejects.toMatchObject({
      code: "CONFLICT",
      message: messages.votes.discardAlready,
    });
  });
});
