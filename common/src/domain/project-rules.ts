/**
 * Rules about projects, positions and applications (docs/product-rules.md#apply-rules, #project-manager). Pure: the clock comes in
 * as `now`, nothing here reads Firestore.
 */
import type { MemberType, PositionStatus } from "../model/enums.js";
import { addDays, istanbulParts, istanbulTime } from "./business-time.js";
import { messages } from "../messages.js";
import { trLower } from "../text/turkish.js";

/** The position whose holder edits the project and adds positions (docs/product-rules.md#project-manager). */
export const PROJECT_MANAGER_POSITION = "Project Manager";

/** Length of an open position's application window (docs/product-rules.md#position-window). */
export const APPLICATION_WINDOW_HOURS = 24;

/** Position names compare without regard to surrounding spaces or (Turkish) letter case. */
export function samePositionName(a: string | null | undefined, b: string | null | undefined) {
  if (!a || !b) return false;
  return trLower(a.trim()) === trLower(b.trim());
}

/** A Junior whose position is Project Manager (the only one who may apply early, docs/product-rules.md#junior-pm-priority). */
export function isJuniorProjectManager(type: MemberType, positionName: string | null | undefined) {
  return type === "JUNIOR" && samePositionName(positionName, PROJECT_MANAGER_POSITION);
}

/**
 * Editing a project and its positions: the member's position name is exactly 'Project Manager'
 * (docs/product-rules.md#project-manager) and they are that project's manager.
 */
export function canManageProject(
  uid: string,
  positionName: string | null | undefined,
  managerId: string | null | undefined,
): boolean {
  return hasProjectManagerPosition(positionName) && !!managerId && managerId === uid;
}

/** The position that may manage projects: its name is exactly 'Project Manager' (docs/product-rules.md#project-manager). */
export const hasProjectManagerPosition = (positionName: string | null | undefined) =>
  positionName === PROJECT_MANAGER_POSITION;

/**
 * The end of the Junior-Project-Manager-only period of a project: the first Saturday 12:00
 * (Istanbul) after it went live (docs/product-rules.md#junior-pm-priority).
 */
export function juniorPmPriorityEndsAt(liveSince: Date): Date {
  const p = istanbulParts(liveSince);
  const daysToSaturday = (6 - p.weekday + 7) % 7;
  let end = istanbulTime(p.year, p.month, p.day + daysToSaturday, 12);
  if (end.getTime() <= liveSince.getTime()) end = addDays(end, 7);
  return end;
}

export interface ApplicantState {
  type: MemberType;
  positionName: string | null;
  profileComplete: boolean;
  currentProjectId: string | null;
  /** An application of theirs still waiting for its selection (counts as being in a project). */
  hasPendingApplication: boolean;
}

export interface PositionState {
  positionName: string;
  type: MemberType;
  status: PositionStatus;
  windowStartsAt: Date | null;
  windowEndsAt: Date | null;
}

export interface ProjectState {
  isLive: boolean;
  liveSince: Date | null;
}

export type ApplicationRefusal =
  | "PROFILE_INCOMPLETE"
  | "IN_PROJECT"
  | "POSITION_MISMATCH"
  | "TYPE_MISMATCH"
  | "PROJECT_NOT_LIVE"
  | "POSITION_NOT_OPEN"
  | "WINDOW_NOT_OPEN"
  | "WINDOW_CLOSED"
  | "JUNIOR_PM_PRIORITY"
  | "ALREADY_APPLIED";

export type ApplicationDecision =
  { ok: true } | { ok: false; reason: ApplicationRefusal; message: string };

const refusalMessages: Record<ApplicationRefusal, string> = {
  PROFILE_INCOMPLETE: messages.projects.profileIncomplete,
  IN_PROJECT: messages.projects.alreadyInProject,
  POSITION_MISMATCH: messages.projects.positionMismatch,
  TYPE_MISMATCH: messages.projects.typeMismatch,
  PROJECT_NOT_LIVE: messages.projects.projectNotLive,
  POSITION_NOT_OPEN: messages.projects.positionNotOpen,
  WINDOW_NOT_OPEN: messages.projects.windowNotOpen,
  WINDOW_CLOSED: messages.projects.windowClosed,
  JUNIOR_PM_PRIORITY: messages.projects.juniorPmOnly,
  ALREADY_APPLIED: messages.projects.alreadyApplied,
};

const refuse = (reason: ApplicationRefusal): ApplicationDecision => ({
  ok: false,
  reason,
  message: refusalMessages[reason],
});

/**
 * A member has "already applied" only with an application made in the position's current
 * window: a seat reopened after a departure or removal starts a fresh window, and applicants of
 * its earlier windows may apply again.
 */
export function appliedInCurrentWindow(
  appliedAt: Date | null,
  windowStartsAt: Date | null,
): boolean {
  if (appliedAt === null) return false;
  return windowStartsAt === null || appliedAt.getTime() >= windowStartsAt.getTime();
}

/**
 * May this member apply to this position now? Every rule of docs/product-rules.md#apply-rules, in the order a
 * member would want to hear about them.
 */
export function checkApplication(input: {
  applicant: ApplicantState;
  position: PositionState;
  project: ProjectState;
  alreadyApplied: boolean;
  now: Date;
}): ApplicationDecision {
  const { applicant, position, project, alreadyApplied, now } = input;
  const t = now.getTime();
  if (!applicant.profileComplete) return refuse("PROFILE_INCOMPLETE");
  if (applicant.currentProjectId || applicant.hasPendingApplication) return refuse("IN_PROJECT");
  if (!samePositionName(applicant.positionName, position.positionName)) {
    return refuse("POSITION_MISMATCH");
  }
  if (applicant.type !== position.type) return refuse("TYPE_MISMATCH");
  if (!project.isLive || !project.liveSince) return refuse("PROJECT_NOT_LIVE");
  if (alreadyApplied) return refuse("ALREADY_APPLIED");
  if (position.status !== "OPEN") return refuse("POSITION_NOT_OPEN");
  // Before the first Saturday 12:00 only Junior Project Managers apply; the other seats' windows
  // start then (seatWindow), so this, not "not open yet", is what everyone else hears.
  if (
    t < juniorPmPriorityEndsAt(project.liveSince).getTime() &&
    !isJuniorProjectManager(applicant.type, applicant.positionName)
  ) {
    return refuse("JUNIOR_PM_PRIORITY");
  }
  if (!position.windowStartsAt || !position.windowEndsAt) return refuse("WINDOW_NOT_OPEN");
  if (t < position.windowStartsAt.getTime()) return refuse("WINDOW_NOT_OPEN");
  if (t >= position.windowEndsAt.getTime()) return refuse("WINDOW_CLOSED");
  return { ok: true };
}

/** "Jr"/"Sr" (project edit modal) or the stored type, as a member type. */
export function parsePositionType(value: string): MemberType | null {
  const v = value.trim().toUpperCase();
  if (v === "JUNIOR" || v === "JR") return "JUNIOR";
  if (v === "SENIOR" || v === "SR") return "SENIOR";
  return null;
}

/** Whole days from `from` to `to` (at least 0): a project's duration for a member. */
export function durationDays(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / (24 * 60 * 60 * 1000)));
}
