import { describe, expect, it } from "vitest";
import {
  checkApplication,
  chooseProjectToGoLive,
  floorToMinute,
  goLiveWindow,
  isVoteOpen,
  istanbulTime,
  lastClosedVoteWeek,
  seatWindow,
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

  it("takes answers through Friday 23:59 and closes at Saturday 00:00", () => {
    expect(isVoteOpen(fri(23, 58, 59))).toBe(true);
    expect(isVoteOpen(fri(23, 59))).toBe(true);
    expect(isVoteOpen(fri(23, 59, 59))).toBe(true);
    expect(isVoteOpen(istanbulTime(2026, 11, 21, 0, 0))).toBe(false);
    const week = voteWeekOf(fri(15));
    expect(week.opensAt.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    expect(week.closesAt.toISOString()).toBe("2026-11-20T21:00:00.000Z");
    // Saturday 00:00 still belongs to the week that opened on Friday 12:00.
    expect(voteWeekOf(istanbulTime(2026, 11, 21, 0, 0)).weekId).toBe("2026-11-20");
  });

  it("knows the last closed week on either side of Saturday 00:00", () => {
    expect(lastClosedVoteWeek(fri(23, 59)).weekId).toBe("2026-11-13");
    expect(lastClosedVoteWeek(fri(23, 59, 59)).weekId).toBe("2026-11-13");
    expect(lastClosedVoteWeek(istanbulTime(2026, 11, 21, 0, 0)).weekId).toBe("2026-11-20");
    expect(lastClosedVoteWeek(istanbulTime(2026, 11, 26, 9)).weekId).toBe("2026-11-20");
    // Friday morning: the week started last Friday, whose vote closed a week ago.
    expect(lastClosedVoteWeek(fri(11, 59)).weekId).toBe("2026-11-13");
  });

  it("reads a week id back, across a month and a year end", () => {
    expect(voteWeekById("2026-11-20").opensAt.getTime()).toBe(fri(12).getTime());
    expect(voteWeekById("2027-01-01").closesAt.getTime()).toBe(
      istanbulTime(2027, 1, 2, 0, 0).getTime(),
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

  const sat = (h: number, m = 0, sec = 0) => istanbulTime(2026, 11, 21, h, m, sec);
  const pmSeat = { type: "JUNIOR" as const, positionName: "Project Manager" };
  const devSeat = { type: "JUNIOR" as const, positionName: "Frontend Developer" };

  it("opens the Junior Project Manager's seat at go-live for 24 hours: until Saturday 12:00", () => {
    const window = goLiveWindow(pmSeat, fri(12));
    expect(window.windowStartsAt.getTime()).toBe(fri(12).getTime());
    expect(window.windowEndsAt.getTime()).toBe(sat(12).getTime());
  });

  it("opens every other seat when the Junior-PM-only period ends: Saturday 12:00 to Sunday 12:00", () => {
    for (const seat of [devSeat, { type: "SENIOR" as const, positionName: "Project Manager" }]) {
      const window = goLiveWindow(seat, fri(12));
      expect(window.windowStartsAt.getTime()).toBe(sat(12).getTime());
      expect(window.windowEndsAt.getTime()).toBe(istanbulTime(2026, 11, 22, 12).getTime());
    }
  });

  it("starts a seat opened during the Junior-PM-only period at Saturday 12:00, later ones at once", () => {
    expect(seatWindow(devSeat, fri(12), sat(11, 59, 59)).windowStartsAt.getTime()).toBe(
      sat(12).getTime(),
    );
    expect(seatWindow(devSeat, fri(12), sat(12)).windowStartsAt.getTime()).toBe(sat(12).getTime());
    expect(seatWindow(devSeat, fri(12), sat(12, 0, 30)).windowStartsAt.getTime()).toBe(
      sat(12, 0, 30).getTime(),
    );
    expect(seatWindow(pmSeat, fri(12), fri(15)).windowStartsAt.getTime()).toBe(fri(15).getTime());
    expect(seatWindow(devSeat, null, fri(15)).windowStartsAt.getTime()).toBe(fri(15).getTime());
  });

  it("lets nobody but a Junior PM apply before Saturday 12:00, and others from 12:00 on", () => {
    const liveSince = fri(12);
    const window = goLiveWindow(devSeat, liveSince);
    const attempt = (positionName: string, seat: typeof devSeat, w: typeof window, now: Date) =>
      checkApplication({
        applicant: {
          type: "JUNIOR",
          positionName,
          profileComplete: true,
          currentProjectId: null,
          hasPendingApplication: false,
        },
        position: { ...seat, status: "OPEN", ...w },
        project: { isLive: true, liveSince },
        alreadyApplied: false,
        now,
      });
    const dev = (now: Date) => attempt("Frontend Developer", devSeat, window, now);
    expect(dev(fri(12, 0, 30))).toMatchObject({ ok: false, reason: "JUNIOR_PM_PRIORITY" });
    expect(dev(sat(11, 59, 59))).toMatchObject({ ok: false, reason: "JUNIOR_PM_PRIORITY" });
    expect(dev(sat(12))).toEqual({ ok: true });
    expect(dev(sat(12, 0, 30))).toEqual({ ok: true });
    expect(dev(istanbulTime(2026, 11, 22, 11, 59, 59))).toEqual({ ok: true });
    expect(dev(istanbulTime(2026, 11, 22, 12))).toMatchObject({ reason: "WINDOW_CLOSED" });
    const pmWindow = goLiveWindow(pmSeat, liveSince);
    const pm = (now: Date) => attempt("Project Manager", pmSeat, pmWindow, now);
    expect(pm(fri(12, 0, 30))).toEqual({ ok: true });
    expect(pm(sat(11, 59, 59))).toEqual({ ok: true });
    expect(pm(sat(12))).toMatchObject({ ok: false, reason: "WINDOW_CLOSED" });
  });
});
