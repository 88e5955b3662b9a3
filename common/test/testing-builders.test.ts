import { describe, expect, it } from "vitest";
import { istanbulTime, nameSortKey } from "../src/index.js";
import { builders, teamMember } from "../src/testing/index.js";

const now = istanbulTime(2026, 11, 22, 12);
const build = builders(now);

describe("test-data builders", () => {
  it("derive the name fields from the name and position given", () => {
    const { path, data } = build.senior("u1", {
      name: "İlker Şahin",
      position: { name: "Tester" },
    });
    expect(path).toBe("users/u1");
    expect(data).toMatchObject({
      type: "SENIOR",
      userName: "ilker-sahin",
      nameSort: nameSortKey("İlker Şahin"),
      profileComplete: true,
      createdAt: now,
    });
    expect(data.searchKeys).toContain("test");
    // an explicit override wins over the derived value
    expect(build.junior("u2", { userName: "x" }).data.userName).toBe("x");
    expect(build.junior("u3").data).toMatchObject({ name: "Üye u3", userName: "uye-u3" });
  });

  it("count a project's team and open seats unless told otherwise", () => {
    const team = [
      teamMember({ uid: "a", type: "JUNIOR" }),
      teamMember({ uid: "b", type: "SENIOR" }),
    ];
    const { data } = build.project("p", { team, openPositionCount: 1 });
    expect(data).toMatchObject({ memberIds: ["a", "b"], memberCount: 2, allPositionCount: 3 });
    expect(build.project("q", { team, allPositionCount: 7 }).data.allPositionCount).toBe(7);
  });

  it("keep a membership active until it has a leftAt", () => {
    const left = build.member("p", { uid: "a", type: "JUNIOR" }, { leftAt: now });
    expect(left.path).toBe("projects/p/members/a");
    expect(left.data).toMatchObject({ active: false, positionId: "seat-a", userName: "uye-a" });
    expect(build.member("p", { uid: "b", type: "JUNIOR" }).data.active).toBe(true);
  });

  it("give votes, answers and reviews the ids the jobs give them", () => {
    const vote = build.vote({ voterId: "a", target: { uid: "b", type: "JUNIOR" }, projectId: "p" });
    expect(vote.path).toBe("votes/2026-11-20_a_b");
    expect(vote.data.opensAt).toEqual(istanbulTime(2026, 11, 20, 12));
    expect(vote.data.closesAt).toEqual(istanbulTime(2026, 11, 21, 0));
    const answer = build.voteAnswer({
      voterId: "a",
      targetUserId: "b",
      projectId: "p",
      weekId: "2026-11-20",
      kind: "PEER",
    });
    expect(answer.path).toBe("voteAnswers/2026-11-20_a_b");
    const review = build.removalReview({ projectId: "p", targetUserId: "b", weekId: "2026-11-20" });
    expect(review.path).toBe("removalReviews/p_b_2026-11-20");
    expect(review.data).toMatchObject({ decision: null, targetName: "Üye b", createdAt: now });
  });
});
