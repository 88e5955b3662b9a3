import { describe, expect, it } from "vitest";
import { withoutVoteParam } from "../../lib/voteQueryParam";
import { checkVote, emptyVoteForm, type VoteForm } from "./rules";
import { screens } from "../../app/screens";

const rated = (overrides: Partial<VoteForm> = {}): VoteForm => ({
  ...emptyVoteForm(),
  scores: { timeControl: 5, communication: 4, problemSolving: 3, improvement: 2, initiative: 1 },
  ...overrides,
});

describe("weekly rating form", () => {
  it("'Vote ID gerekli' without a voteId", () => {
    expect(checkVote(null, "PEER", [], rated())).toEqual({ ok: false, message: "Vote ID gerekli" });
    expect(checkVote("", "PEER", [], rated())).toEqual({ ok: false, message: "Vote ID gerekli" });
  });

  it("all five categories must be rated 1–5", () => {
    const missing = rated();
    missing.scores.initiative = 0;
    for (const form of [emptyVoteForm(), missing]) {
      expect(checkVote("v1", "PEER", [], form)).toEqual({
        ok: false,
        message: "Lütfen tüm değerlendirme kategorilerini doldurun.",
      });
    }
  });

  it("a peer vote sends the ratings, trimmed feedback and no skills", () => {
    expect(checkVote("v1", "PEER", ["React"], rated({ feedback: "  Harika iş!  " }))).toEqual({
      ok: true,
      body: {
        scores: {
          timeControl: 5,
          communication: 4,
          problemSolving: 3,
          improvement: 2,
          initiative: 1,
        },
        feedback: "Harika iş!",
        discardWanted: false,
        discardReason: "",
        skillVotes: {},
      },
    });
  });

  it("a skill survey sends every listed skill, 0 when unrated", () => {
    const result = checkVote(
      "v1",
      "SKILL",
      ["React", "TypeScript", "Figma"],
      rated({ skillVotes: { React: 4, Other: 5 } }),
    );
    expect(result.ok && result.body.skillVotes).toEqual({ React: 4, TypeScript: 0, Figma: 0 });
  });

  it("a removal request carries its reason; the reason is dropped without the request", () => {
    expect(checkVote("v1", "PEER", [], rated({ discardWanted: true, discardReason: " " }))).toEqual(
      { ok: false, message: "Lütfen çıkarılma talebinizin sebebini yazın." },
    );
    const wanted = checkVote(
      "v1",
      "PEER",
      [],
      rated({ discardWanted: true, discardReason: " Toplantılara katılmıyor " }),
    );
    expect(wanted.ok && [wanted.body.discardWanted, wanted.body.discardReason]).toEqual([
      true,
      "Toplantılara katılmıyor",
    ]);
    const notWanted = checkVote(
      "v1",
      "PEER",
      [],
      rated({ discardReason: "yazıldı ama seçilmedi" }),
    );
    expect(notWanted.ok && notWanted.body.discardReason).toBe("");
  });

  it("a mentor vote has no ratings, only the removal request", () => {
    expect(
      checkVote("v1", "MENTOR", [], {
        ...emptyVoteForm(),
        discardWanted: true,
        discardReason: "x",
      }),
    ).toEqual({
      ok: true,
      body: { scores: null, feedback: "", discardWanted: true, discardReason: "x", skillVotes: {} },
    });
  });
});

describe("the page reloaded after a vote", () => {
  it("keeps the address without the popup's parameter", () => {
    expect(withoutVoteParam(`http://x.test${screens.notifications}?oylama=v1&page=2#a`)).toBe(
      `http://x.test${screens.notifications}?page=2#a`,
    );
    expect(withoutVoteParam(`http://x.test${screens.projects}?oylama=v1`)).toBe(
      `http://x.test${screens.projects}`,
    );
  });
});
