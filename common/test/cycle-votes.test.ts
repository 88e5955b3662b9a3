import { describe, expect, it } from "vitest";
import {
  aggregateRatings,
  istanbulTime,
  meetsRemovalThreshold,
  membersAt,
  planTeamVotes,
  removalCases,
  removalOutcome,
  removalReviewId,
  teamVotes,
  teamWithout,
  voteId,
} from "../src/index.js";

const scores = (v: number) => ({
  timeControl: v,
  communication: v,
  problemSolving: v,
  improvement: v,
  initiative: v,
});

describe("opening the vote: who votes on whom", () => {
  const team = [
    { uid: "j1", type: "JUNIOR" as const, skills: ["React"] },
    { uid: "j2", type: "JUNIOR" as const, skills: ["Figma", "CSS"] },
    { uid: "s1", type: "SENIOR" as const, skills: ["Go"] },
    { uid: "s2", type: "SENIOR" as const, skills: [] },
  ];
  const votes = planTeamVotes(team);
  const of = (voter: string) =>
    votes.filter((v) => v.voterId === voter).map((v) => `${v.kind}:${v.targetUserId}`);

  it("has Juniors rate each other and ask about each mentor", () => {
    expect(of("j1")).toEqual(["PEER:j2", "MENTOR:s1", "MENTOR:s2"]);
    expect(of("j2")).toEqual(["PEER:j1", "MENTOR:s1", "MENTOR:s2"]);
  });

  it("has Seniors fill the skill survey for each Junior, on the Junior's skills", () => {
    expect(of("s1")).toEqual(["SKILL:j1", "SKILL:j2"]);
    expect(votes.find((v) => v.voterId === "s2" && v.targetUserId === "j2")?.skills).toEqual([
      "Figma",
      "CSS",
    ]);
    expect(votes.filter((v) => v.kind !== "SKILL").every((v) => v.skills.length === 0)).toBe(true);
  });

  it("never has anyone vote on themselves nor a Senior rate a Senior", () => {
    expect(votes).toHaveLength(2 + 4 + 4);
    expect(votes.some((v) => v.voterId === v.targetUserId)).toBe(false);
  });

  it("gives one vote id per voter, target and week", () => {
    expect(voteId("2026-11-20", "j1", "j2")).toBe("2026-11-20_j1_j2");
  });

  it("opens votes only for live, unfinished teams of two or more", () => {
    expect(teamVotes({ isLive: true, status: "Ongoing" }, 2)).toBe(true);
    expect(teamVotes({ isLive: true, status: "Ongoing" }, 1)).toBe(false);
    expect(teamVotes({ isLive: false, status: "Ongoing" }, 5)).toBe(false);
    expect(teamVotes({ isLive: true, status: "Completed" }, 5)).toBe(false);
  });
});

describe("closing the vote: averages", () => {
  it("starts the averages from the first week's answers", () => {
    const next = aggregateRatings(
      { totalRate: null, rateCount: 0, skillVotes: {}, skillVoteCounts: {} },
      [
        { scores: scores(4), skillVotes: {} },
        { scores: { ...scores(2), initiative: 5 }, skillVotes: {} },
      ],
    );
    expect(next.rateCount).toBe(2);
    expect(next.totalRate).toEqual({ ...scores(3), initiative: 4.5 });
  });

  it("adds a week to the exact averages of all weeks before", () => {
    const next = aggregateRatings(
      { totalRate: scores(4), rateCount: 3, skillVotes: {}, skillVoteCounts: {} },
      [{ scores: scores(2), skillVotes: {} }],
    );
    expect(next.rateCount).toBe(4);
    expect(next.totalRate!.communication).toBeCloseTo(3.5, 10);
  });

  it("averages skills per skill and leaves unrated (0) skills out", () => {
    const next = aggregateRatings(
      { totalRate: null, rateCount: 0, skillVotes: { React: 4 }, skillVoteCounts: { React: 1 } },
      [
        { scores: scores(3), skillVotes: { React: 2, CSS: 0 } },
        { scores: scores(3), skillVotes: { React: 3, CSS: 5 } },
      ],
    );
    expect(next.skillVotes).toEqual({ React: 3, CSS: 5 });
    expect(next.skillVoteCounts).toEqual({ React: 3, CSS: 1 });
  });

  it("does not count a mentor vote (no scores) as a rating", () => {
    const state = { totalRate: scores(4), rateCount: 2, skillVotes: {}, skillVoteCounts: {} };
    expect(aggregateRatings(state, [{ scores: null, skillVotes: {} }])).toEqual(state);
  });
});

describe("closing the vote: removal requests", () => {
  const opensAt = istanbulTime(2026, 11, 20, 12);
  const memberships = [
    { userId: "a", joinedAt: istanbulTime(2026, 10, 1), leftAt: null },
    { userId: "b", joinedAt: istanbulTime(2026, 10, 1), leftAt: null },
    { userId: "c", joinedAt: istanbulTime(2026, 10, 1), leftAt: null },
    { userId: "d", joinedAt: istanbulTime(2026, 10, 1), leftAt: null },
    { userId: "e", joinedAt: istanbulTime(2026, 10, 1), leftAt: null },
    // Joined after the vote opened: not one of this week's members.
    { userId: "late", joinedAt: istanbulTime(2026, 11, 20, 13), leftAt: null },
    // Left before: not either.
    { userId: "gone", joinedAt: istanbulTime(2026, 10, 1), leftAt: istanbulTime(2026, 11, 19) },
    // Joined at the very minute the vote opened: a member.
    { userId: "f", joinedAt: opensAt, leftAt: null },
  ];
  const roster = membersAt(memberships, opensAt);
  const request = (voterId: string, targetUserId: string, reason = "") => ({
    voterId,
    targetUserId,
    projectId: "p",
    reason,
  });

  it("takes the members of the week at the opening", () => {
    expect([...roster].sort()).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("sets the threshold at 50% of the other members, inclusive", () => {
    expect(meetsRemovalThreshold(2, 4)).toBe(true);
    expect(meetsRemovalThreshold(2, 5)).toBe(false);
    expect(meetsRemovalThreshold(3, 5)).toBe(true);
    expect(meetsRemovalThreshold(1, 1)).toBe(true);
    expect(meetsRemovalThreshold(0, 0)).toBe(false);
  });

  it("opens a case at 50% of the other members, not below", () => {
    // Five other members: three requests are needed, two are not enough.
    const two = [request("b", "a"), request("c", "a")];
    expect(removalCases(two, () => roster)).toEqual([]);
    const three = [...two, request("d", "a", "Toplantılara gelmiyor")];
    expect(removalCases(three, () => roster)).toEqual([
      {
        projectId: "p",
        targetUserId: "a",
        requestCount: 3,
        otherMemberCount: 5,
        reasons: ["Toplantılara gelmiyor"],
      },
    ]);
  });

  it("counts each voter once (vote and mentor request) and only members of the week", () => {
    const requests = [
      request("b", "a", "x"),
      request("b", "a", "y"),
      request("late", "a"),
      request("gone", "a"),
      request("a", "a"),
      request("c", "a"),
    ];
    expect(removalCases(requests, () => roster)).toEqual([]);
  });

  it("ignores requests about someone who was not on the team", () => {
    const requests = ["a", "b", "c", "d"].map((v) => request(v, "late"));
    expect(removalCases(requests, () => roster)).toEqual([]);
  });

  it("names a review by project, member and week", () => {
    expect(removalReviewId("p", "a", "2026-11-20")).toBe("p_a_2026-11-20");
  });
});

describe("applying a removal decision", () => {
  it("waits for a decision and applies it once", () => {
    expect(removalOutcome({ decision: null, appliedAt: null }, { active: true })).toBe("WAIT");
    expect(removalOutcome({ decision: "REMOVE", appliedAt: null }, { active: true })).toBe(
      "REMOVE",
    );
    expect(removalOutcome({ decision: "REMOVE", appliedAt: new Date() }, { active: true })).toBe(
      "WAIT",
    );
    expect(removalOutcome({ decision: "KEEP", appliedAt: null }, { active: true })).toBe("KEEP");
  });

  it("closes a removal of someone who already left", () => {
    expect(removalOutcome({ decision: "REMOVE", appliedAt: null }, { active: false })).toBe(
      "ALREADY_GONE",
    );
    expect(removalOutcome({ decision: "REMOVE", appliedAt: null }, null)).toBe("ALREADY_GONE");
  });

  it("takes the member off the team strip", () => {
    const member = (uid: string) => ({
      uid,
      name: uid,
      userName: uid,
      type: "JUNIOR" as const,
      positionName: "Tester",
    });
    expect(teamWithout([member("a"), member("b")], "a")).toEqual([member("b")]);
  });
});
