import { describe, expect, it } from "vitest";
import {
  chooseProjectToGoLive,
  floorToMinute,
  goLiveWindow,
  isVoteOpen,
  istanbulTime,
  lastClosedVoteWeek,
  voteWeekById,
  voteWeekOf,
} from "../src/index.js";

// Friday 20 November 2026 is a Friday; Istanbul is UTC+3.
const fri = (h: number, m = 0, s = 0) => istanbulTime(2026, 11, 20, h, m, s);

describe("the week's vote", () => {
  it("opens on Friday 12:00, not at 11:59", () => {
    expect(isVoteOpen(fri(11, 59))).toBe(false);
    expect(isVoteOpen(fri(11, 59, 59))).toBe(false);
    expect(isVoteOpen(fri(12, 0))).toBe(true);
    expect(voteWeekOf(fri(12, 0)).weekId).toBe("2026-11-20");
    expect(voteWeekOf(fri(11, 59)).weekId).toBe("2026-11-13");
  });

  it("closes on Friday 23:59", () => {
    expect(isVoteOpen(fri(23, 58, 59))).toBe(true);
    expect(isVoteOpen(fri(23, 59))).toBe(false);
    const week = voteWeekOf(fri(15));
    expect(week.opensAt.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    expect(week.closesAt.toISOString()).toBe("2026-11-20T20:59:00.000Z");
  });

  it("knows the last closed week on either side of 23:59", () => {
    expect(lastClosedVoteWeek(fri(23, 58)).weekId).toBe("2026-11-13");
    expect(lastClosedVoteWeek(fri(23, 59)).weekId).toBe("2026-11-20");
    expect(lastClosedVoteWeek(istanbulTime(2026, 11, 26, 9)).weekId).toBe("2026-11-20");
    // Friday morning: the week started last Friday, whose vote closed a week ago.
    expect(lastClosedVoteWeek(fri(11, 59)).weekId).toBe("2026-11-13");
  });

  it("reads a week id back, across a month and a year end", () => {
    expect(voteWeekById("2026-11-20").opensAt.getTime()).toBe(fri(12).getTime());
    expect(voteWeekById("2027-01-01").closesAt.getTime()).toBe(
      istanbulTime(2027, 1, 1, 23, 59).getTime(),
    );
    expect(() => voteWeekById("2026-11-21")).toThrow(/Friday/);
    expect(() => voteWeekById("2026/11/20")).toThrow(/week id/);
  });

  it("keeps job times to the minute", () => {
    expect(floorToMinute(fri(12, 0, 41)).getTime()).toBe(fri(12).getTime());
  });
});

describe("go-live", () => {
  const queued = [
    { id: "b", isLive: false, goLiveAt: fri(12) },
    { id: "a", isLive: false, goLiveAt: fri(12) },
    { id: "next-week", isLive: false, goLiveAt: istanbulTime(2026, 11, 27, 12) },
    { id: "live", isLive: true, goLiveAt: istanbulTime(2026, 11, 13, 12) },
    { id: "no-date", isLive: false, goLiveAt: null },
  ];

  it("takes nothing at Friday 11:59 and the earliest due project at 12:00", () => {
    expect(chooseProjectToGoLive(queued, fri(11, 59))).toBeNull();
    expect(chooseProjectToGoLive(queued, fri(12))).toBe("a");
  });

  it("takes one project per Friday, oldest date first, even when several are due", () => {
    const late = istanbulTime(2026, 11, 27, 12);
    expect(chooseProjectToGoLive(queued, late)).toBe("a");
    expect(
      chooseProjectToGoLive(
        queued.filter((p) => p.id !== "a"),
        late,
      ),
    ).toBe("b");
    expect(
      chooseProjectToGoLive(
        queued.filter((p) => p.id === "live" || p.id === "no-date"),
        late,
      ),
    ).toBeNull();
  });

  it("opens the positions for 24 hours from go-live: until Saturday 12:00", () => {
    const window = goLiveWindow(fri(12));
    expect(window.windowStartsAt.getTime()).toBe(fri(12).getTime());
    expect(window.windowEndsAt.getTime()).toBe(istanbulTime(2026, 11, 21, 12).getTime());
  });
});
