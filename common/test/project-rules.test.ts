import { describe, expect, it } from "vitest";
import {
  type ApplicantState,
  type PositionState,
  appliedInCurrentWindow,
  checkApplication,
  canManageProject,
  hasProjectManagerPosition,
  durationDays,
  istanbulTime,
  isJuniorProjectManager,
  juniorPmPriorityEndsAt,
  messages,
  parsePositionType,
} from "../src/index.js";

// Friday 20 November 2026 12:00 Istanbul: a go-live moment.
const goLive = istanbulTime(2026, 11, 20, 12);
const saturdayNoon = istanbulTime(2026, 11, 21, 12);
const minute = 60_000;

const applicant = (over: Partial<ApplicantState> = {}): ApplicantState => ({
  type: "JUNIOR",
  positionName: "Frontend Developer",
  profileComplete: true,
  currentProjectId: null,
  hasPendingApplication: false,
  ...over,
});

const position = (over: Partial<PositionState> = {}): PositionState => ({
  positionName: "Frontend Developer",
  type: "JUNIOR",
  status: "OPEN",
  windowStartsAt: goLive,
  windowEndsAt: new Date(goLive.getTime() + 48 * 60 * minute),
  ...over,
});

const project = { isLive: true, liveSince: goLive };

describe("juniorPmPriorityEndsAt", () => {
  it("is the Saturday 12:00 after a Friday 12:00 go-live", () => {
    expect(juniorPmPriorityEndsAt(goLive)).toEqual(saturdayNoon);
  });
  it("is the next week's Saturday for a go-live at Saturday 12:00 or later", () => {
    expect(juniorPmPriorityEndsAt(saturdayNoon)).toEqual(istanbulTime(2026, 11, 28, 12));
    expect(juniorPmPriorityEndsAt(istanbulTime(2026, 11, 21, 13))).toEqual(
      istanbulTime(2026, 11, 28, 12),
    );
  });
  it("is the same day for a go-live on Saturday morning", () => {
    expect(juniorPmPriorityEndsAt(istanbulTime(2026, 11, 21, 11, 59))).toEqual(saturdayNoon);
  });
});

describe("checkApplication", () => {
  const at = (
    now: Date,
    over: Parameters<typeof checkApplication>[0] extends infer T ? Partial<T> : never = {},
  ) =>
    checkApplication({
      applicant: applicant(),
      position: position(),
      project,
      alreadyApplied: false,
      now,
      ...over,
    });

  it("allows only Junior Project Managers until Saturday 12:00 (11:59 refused, 12:00 allowed)", () => {
    const r = at(new Date(saturdayNoon.getTime() - minute));
    expect(r).toEqual({
      ok: false,
      reason: "JUNIOR_PM_PRIORITY",
      message: messages.projects.juniorPmOnly,
    });
    expect(at(saturdayNoon)).toEqual({ ok: true });
    const pm = at(new Date(saturdayNoon.getTime() - minute), {
      applicant: applicant({ positionName: "Project Manager" }),
      position: position({ positionName: "project manager" }),
    });
    expect(pm).toEqual({ ok: true });
  });

  it("refuses a member who is in a project or waiting for a selection", () => {
    const now = saturdayNoon;
    expect(at(now, { applicant: applicant({ currentProjectId: "p" }) })).toMatchObject({
      reason: "IN_PROJECT",
      message: "Katılmış olduğunuz proje bulunmaktadır.",
    });
    expect(at(now, { applicant: applicant({ hasPendingApplication: true }) })).toMatchObject({
      reason: "IN_PROJECT",
    });
  });

  it("refuses another position name with the product rules' message, and another member type", () => {
    expect(at(saturdayNoon, { applicant: applicant({ positionName: "Tester" }) })).toMatchObject({
      reason: "POSITION_MISMATCH",
      message: "Seçtiğiniz pozisyon, mevcut pozisyonunuzla uyuşmuyor.",
    });
    expect(at(saturdayNoon, { applicant: applicant({ type: "SENIOR" }) })).toMatchObject({
      reason: "TYPE_MISMATCH",
    });
  });

  it("takes applications only inside the window: start inclusive, end exclusive", () => {
    const start = istanbulTime(2026, 11, 22, 9);
    const end = istanbulTime(2026, 11, 23, 9);
    const p = position({ windowStartsAt: start, windowEndsAt: end });
    expect(at(new Date(start.getTime() - 1), { position: p })).toMatchObject({
      reason: "WINDOW_NOT_OPEN",
    });
    expect(at(start, { position: p })).toEqual({ ok: true });
    expect(at(new Date(end.getTime() - 1), { position: p })).toEqual({ ok: true });
    expect(at(end, { position: p })).toMatchObject({ reason: "WINDOW_CLOSED" });
  });

  it("refuses closed or filled positions, projects not live, repeats and unfinished profiles", () => {
    expect(at(saturdayNoon, { position: position({ status: "FILLED" }) })).toMatchObject({
      reason: "POSITION_NOT_OPEN",
    });
    expect(at(saturdayNoon, { project: { isLive: false, liveSince: null } })).toMatchObject({
      reason: "PROJECT_NOT_LIVE",
    });
    expect(at(saturdayNoon, { alreadyApplied: true })).toMatchObject({ reason: "ALREADY_APPLIED" });
    expect(at(saturdayNoon, { applicant: applicant({ profileComplete: false }) })).toMatchObject({
      reason: "PROFILE_INCOMPLETE",
    });
  });
});

describe("project management and helpers", () => {
  it("lets only the project's manager whose position is exactly 'Project Manager' edit", () => {
    expect(canManageProject("u1", "Project Manager", "u1")).toBe(true);
    expect(canManageProject("u2", "Project Manager", "u1")).toBe(false);
    expect(canManageProject("", "Project Manager", null)).toBe(false);
    expect(hasProjectManagerPosition("Project Manager")).toBe(true);
    expect(hasProjectManagerPosition("project manager")).toBe(false);
    expect(hasProjectManagerPosition(null)).toBe(false);
    expect(canManageProject("u1", "project manager", "u1")).toBe(false);
    expect(canManageProject("u1", "Project Manager", "u2")).toBe(false);
    expect(canManageProject("u1", "Project Manager", null)).toBe(false);
  });
  it("recognises Junior Project Managers", () => {
    expect(isJuniorProjectManager("JUNIOR", "Project Manager")).toBe(true);
    expect(isJuniorProjectManager("SENIOR", "Project Manager")).toBe(false);
  });
  it("parses Jr/Sr and stored types", () => {
    expect(parsePositionType("Jr")).toBe("JUNIOR");
    expect(parsePositionType("senior")).toBe("SENIOR");
    expect(parsePositionType("lead")).toBeNull();
  });
  it("counts whole days", () => {
    expect(durationDays(goLive, new Date(goLive.getTime() + 36 * 60 * minute))).toBe(1);
    expect(durationDays(goLive, goLive)).toBe(0);
  });
});

describe("appliedInCurrentWindow", () => {
  const windowStart = new Date("2026-11-20T09:00:00Z");
  it("counts an application made in the current window, from its first instant", () => {
    expect(appliedInCurrentWindow(windowStart, windowStart)).toBe(true);
    expect(appliedInCurrentWindow(new Date("2026-11-20T10:00:00Z"), windowStart)).toBe(true);
  });
  it("ignores an application of an earlier window of a reopened seat", () => {
    expect(appliedInCurrentWindow(new Date("2026-11-20T08:59:59Z"), windowStart)).toBe(false);
  });
  it("treats no application as not applied, and any application to a windowless seat as applied", () => {
    expect(appliedInCurrentWindow(null, windowStart)).toBe(false);
    expect(appliedInCurrentWindow(new Date("2026-01-01T00:00:00Z"), null)).toBe(true);
  });
});
