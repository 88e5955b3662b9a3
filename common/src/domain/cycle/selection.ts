/**
 * Selection at the end of an open position's 24-hour window (docs/product-rules.md#selection): the applicant
 * with the highest average rating wins, ties go to the earliest application; nobody applied →
 * the window is extended by 24 hours, again and again. Pure: `now` comes in.
 */
import { addHours } from "../business-time.js";
import { APPLICATION_WINDOW_HOURS } from "../project-rules.js";

export interface Candidate {
  userId: string;
  ratingAtApply: number;
  appliedAt: Date;
}

/** Has the window of an open position ended at `now` (windows end on the minute, inclusive)? */
export function isWindowOver(windowEndsAt: Date | null, now: Date): boolean {
  return windowEndsAt !== null && windowEndsAt.getTime() <= now.getTime();
}

/**
 * Candidates in the order the rule prefers them: rating high to low, then earliest application,
 * then user id so that the order never depends on how the documents were read.
 */
export function rankCandidates(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort(
    (a, b) =>
      b.ratingAtApply - a.ratingAtApply ||
      a.appliedAt.getTime() - b.appliedAt.getTime() ||
      (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
}

/**
 * The window that follows an ended one with nobody chosen: whole 24-hour steps from its end,
 * as many as needed to end after `now` (a sweep that was down for two days extends by 72 hours).
 */
export function extendedWindowEnd(windowEndsAt: Date, now: Date): Date {
  const stepMs = APPLICATION_WINDOW_HOURS * 60 * 60 * 1000;
  const overdue = now.getTime() - windowEndsAt.getTime();
  const steps = Math.max(1, Math.floor(overdue / stepMs) + 1);
  return new Date(windowEndsAt.getTime() + steps * stepMs);
}

export type SelectionDecision =
  | { kind: "EXTEND"; windowEndsAt: Date; rejected: string[] }
  | { kind: "SELECT"; winner: string; rejected: string[] };

/**
 * What happens to an open position whose window has ended. `available` tells whether a
 * candidate can still join (not in another project by now); unavailable ones are passed over
 * and told they were not chosen. Nobody available → the window is extended.
 */
export function decideSelection(
  candidates: readonly Candidate[],
  available: (userId: string) => boolean,
  windowEndsAt: Date,
  now: Date,
): SelectionDecision {
  const ranked = rankCandidates(candidates);
  const winner = ranked.find((c) => available(c.userId));
  const others = ranked.filter((c) => c !== winner).map((c) => c.userId);
  if (!winner) {
    return { kind: "EXTEND", windowEndsAt: extendedWindowEnd(windowEndsAt, now), rejected: others };
  }
  return { kind: "SELECT", winner: winner.userId, rejected: others };
}

/** A fresh window for a position reopened at `now` (after a removal or departure). */
export function freshWindow(now: Date): { windowStartsAt: Date; windowEndsAt: Date } {
  return { windowStartsAt: now, windowEndsAt: addHours(now, APPLICATION_WINDOW_HOURS) };
}
