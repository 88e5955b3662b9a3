import { describe, expect, it } from "vitest";
import {
  decideSelection,
  extendedWindowEnd,
  freshWindow,
  isWindowOver,
  istanbulTime,
  rankCandidates,
} from "../src/index.js";

const sat = (h: number, m = 0, s = 0) => istanbulTime(2026, 11, 21, h, m, s);
const candidate = (userId: string, ratingAtApply: number, appliedAt: Date) => ({
  userId,
  ratingAtApply,
  appliedAt,
});

describe("the application window", () => {
  it("ends on the minute: Saturday 11:59 still open, 12:00 over", () => {
    expect(isWindowOver(sat(12), sat(11, 59))).toBe(false);
    expect(isWindowOver(sat(12), sat(11, 59, 59))).toBe(false);
    expect(isWindowOver(sat(12), sat(12))).toBe(true);
    expect(isWindowOver(null, sat(12))).toBe(false);
  });

  it("is extended by 24 hours when nobody applied", () => {
    expect(extendedWindowEnd(sat(12), sat(12)).getTime()).toBe(
      istanbulTime(2026, 11, 22, 12).getTime(),
    );
    expect(extendedWindowEnd(sat(12), sat(12, 4)).getTime()).toBe(
      istanbulTime(2026, 11, 22, 12).getTime(),
    );
  });

  it("is extended again and again, to the first 24-hour step after now", () => {
    // The sweep was down for two days and a bit: three steps.
    expect(extendedWindowEnd(sat(12), istanbulTime(2026, 11, 23, 12, 1)).getTime()).toBe(
      istanbulTime(2026, 11, 24, 12).getTime(),
    );
    // Exactly two days late: the window that would end now is over too.
    expect(extendedWindowEnd(sat(12), istanbulTime(2026, 11, 23, 12)).getTime()).toBe(
      istanbulTime(2026, 11, 24, 12).getTime(),
    );
  });

  it("gives a reopened seat a fresh 24-hour window", () => {
    const now = istanbulTime(2026, 11, 25, 9, 30);
    expect(freshWindow(now)).toEqual({
      windowStartsAt: now,
      windowEndsAt: istanbulTime(2026, 11, 26, 9, 30),
    });
  });
});

describe("the selection rule", () => {
  const early = sat(9);
  const late = sat(10);

  it("prefers the highest average rating", () => {
    const ranked = rankCandidates([candidate("u1", 3.2, early), candidate("u2", 4.6, late)]);
    expect(ranked.map((c) => c.userId)).toEqual(["u2", "u1"]);
  });

  it("breaks a rating tie by the earliest application", () => {
    const ranked = rankCandidates([candidate("u1", 4, late), candidate("u2", 4, early)]);
    expect(ranked.map((c) => c.userId)).toEqual(["u2", "u1"]);
  });

  it("orders a full tie by user id so every run decides the same", () => {
    const ranked = rankCandidates([candidate("zz", 4, early), candidate("aa", 4, early)]);
    expect(ranked.map((c) => c.userId)).toEqual(["aa", "zz"]);
  });

  it("selects one and rejects the others", () => {
    const decision = decideSelection(
      [candidate("u1", 3, early), candidate("u2", 5, late), candidate("u3", 0, early)],
      () => true,
      sat(12),
      sat(12),
    );
    expect(decision).toEqual({ kind: "SELECT", winner: "u2", rejected: ["u1", "u3"] });
  });

  it("passes over a winner who joined another project meanwhile", () => {
    const decision = decideSelection(
      [candidate("u1", 3, early), candidate("u2", 5, late)],
      (uid) => uid !== "u2",
      sat(12),
      sat(12),
    );
    expect(decision).toEqual({ kind: "SELECT", winner: "u1", rejected: ["u2"] });
  });

  it("extends the window when nobody applied, or nobody can join", () => {
    expect(decideSelection([], () => true, sat(12), sat(12, 2))).toEqual({
      kind: "EXTEND",
      windowEndsAt: istanbulTime(2026, 11, 22, 12),
      rejected: [],
    });
    expect(decideSelection([candidate("u1", 4, early)], () => false, sat(12), sat(12))).toEqual({
      kind: "EXTEND",
      windowEndsAt: istanbulTime(2026, 11, 22, 12),
      rejected: ["u1"],
    });
  });
});
