import { describe, expect, it } from "vitest";
import {
  MAX_CODE_ATTEMPTS,
  codeCheckState,
  generateCode,
  istanbulTime,
  isWellFormedCode,
  messages,
  registrationKey,
  resendWaitSeconds,
  validateVoteSubmission,
  voteState,
  voteWeekFor,
} from "../src/index.js";

const scores = {
  timeControl: 5,
  communication: 4,
  problemSolving: 3,
  improvement: 2,
  initiative: 1,
};

describe("vote submissions (docs/product-rules.md#votes-submission)", () => {
  it("needs all five categories from 1 to 5 for peer and skill votes", () => {
    expect(validateVoteSubmission("PEER", [], { scores })).toMatchObject({
      ok: true,
      value: { scores },
    });
    for (const bad of [
      { ...scores, initiative: 0 },
      { ...scores, initiative: 6 },
      { timeControl: 5 },
    ]) {
      expect(validateVoteSubmission("PEER", [], { scores: bad })).toEqual({
        ok: false,
        message: messages.votes.allCategories,
      });
    }
    expect(validateVoteSubmission("PEER", [], { scores: { ...scores, improvement: 2.5 } }).ok).toBe(
      false,
    );
  });

  it("rates every listed skill from 0 to 5, 0 when unrated, ignoring others", () => {
    const r = validateVoteSubmission("SKILL", ["React", "Figma"], {
      scores,
      skillVotes: { React: 5, Go: 3 },
    });
    expect(r).toMatchObject({ ok: true, value: { skillVotes: { React: 5, Figma: 0 } } });
    expect(
      validateVoteSubmission("SKILL", ["React"], { scores, skillVotes: { React: 6 } }),
    ).toEqual({
      ok: false,
      message: messages.votes.skillRange,
    });
  });

  it("takes no ratings on mentor votes and needs a reason for a removal request", () => {
    expect(
      validateVoteSubmission("MENTOR", [], { discardWanted: true, discardReason: " Gelmiyor " }),
    ).toEqual({
      ok: true,
      value: {
        scores: null,
        feedback: "",
        discardWanted: true,
        discardReason: "Gelmiyor",
        skillVotes: {},
      },
    });
    expect(
      validateVoteSubmission("MENTOR", [], { discardWanted: true, discardReason: "  " }),
    ).toEqual({
      ok: false,
      message: messages.votes.discardReasonRequired,
    });
  });

  it("is open from opensAt up to, not including, closesAt (Saturday 00:00), once", () => {
    const opensAt = istanbulTime(2026, 11, 20, 12);
    const closesAt = istanbulTime(2026, 11, 21, 0, 0);
    const v = { status: "PENDING" as const, opensAt, closesAt };
    expect(voteState(v, new Date(opensAt.getTime() - 1))).toBe("NOT_YET_OPEN");
    expect(voteState(v, opensAt)).toBe("OPEN");
    expect(voteState(v, istanbulTime(2026, 11, 20, 23, 59))).toBe("OPEN");
    expect(voteState(v, istanbulTime(2026, 11, 20, 23, 59, 59))).toBe("OPEN");
    expect(voteState(v, closesAt)).toBe("CLOSED");
    expect(voteState({ ...v, status: "COMPLETED" }, opensAt)).toBe("COMPLETED");
  });

  it("counts a mentor-removal request in this Friday's vote until it closes, then the next", () => {
    expect(voteWeekFor(istanbulTime(2026, 11, 24, 10))).toBe("2026-11-27"); // Tuesday
    expect(voteWeekFor(istanbulTime(2026, 11, 27, 11, 59))).toBe("2026-11-27"); // Friday before noon
    expect(voteWeekFor(istanbulTime(2026, 11, 27, 23, 58))).toBe("2026-11-27"); // vote running
    expect(voteWeekFor(istanbulTime(2026, 11, 27, 23, 59, 59))).toBe("2026-11-27"); // last second
    // The closing job counts the requests at Saturday 00:00: later ones go to the next vote.
    expect(voteWeekFor(istanbulTime(2026, 11, 28, 0, 0))).toBe("2026-12-04");
  });
});

describe("registration codes (docs/product-rules.md#registration-code)", () => {
  it("makes six digits from the random source", () => {
    const digits = [1, 2, 3, 4, 5, 6];
    expect(generateCode(() => digits.shift()!)).toBe("123456");
    expect(isWellFormedCode("123456")).toBe(true);
    expect(isWellFormedCode("12345a")).toBe(false);
  });

  it("expires after ten minutes and after five attempts", () => {
    const expires = new Date(Date.UTC(2026, 10, 22, 10, 10));
    const reg = { codeExpiresAt: expires, attempts: 0, verified: false };
    expect(codeCheckState(reg, new Date(expires.getTime() - 1))).toBe("CHECKABLE");
    expect(codeCheckState(reg, expires)).toBe("EXPIRED");
    expect(codeCheckState({ ...reg, attempts: MAX_CODE_ATTEMPTS - 1 }, new Date(0))).toBe(
      "CHECKABLE",
    );
    expect(codeCheckState({ ...reg, attempts: MAX_CODE_ATTEMPTS }, new Date(0))).toBe(
      "TOO_MANY_ATTEMPTS",
    );
    expect(codeCheckState({ ...reg, verified: true }, expires)).toBe("VERIFIED");
  });

  it("throttles a new code to once a minute", () => {
    const sent = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
    expect(resendWaitSeconds(sent, new Date(sent.getTime() + 1_000))).toBe(59);
    expect(resendWaitSeconds(sent, new Date(sent.getTime() + 59_001))).toBe(1);
    expect(resendWaitSeconds(sent, new Date(sent.getTime() + 60_000))).toBe(0);
  });

  it("keys registrations by the lower-cased e-mail", () => {
    expect(registrationKey(" Ayse@Ornek.com ")).toBe("ayse%40ornek.com");
  });
});
