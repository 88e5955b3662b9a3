/**
 * Go-live (docs/product-rules.md#project-go-live): every Friday 12:00 the next queued project, in `goLiveAt` order, becomes
 * live. One project per Friday: a project whose date has passed waits for the next Friday.
 */
import { addHours } from "../business-time.js";
import type { MemberType } from "../../model/enums.js";
import {
  APPLICATION_WINDOW_HOURS,
  isJuniorProjectManager,
  juniorPmPriorityEndsAt,
} from "../project-rules.js";

export interface QueuedProject {
  id: string;
  isLive: boolean;
  goLiveAt: Date | null;
}

/**
 * The project to put live at `now`: the queued (not live) project with the earliest `goLiveAt`
 * at or before `now`; ties go to the smaller id so every run picks the same one.
 */
export function chooseProjectToGoLive(
  projects: readonly QueuedProject[],
  now: Date,
): string | null {
  const due = projects.filter(
    (p) => !p.isLive && p.goLiveAt !== null && p.goLiveAt.getTime() <= now.getTime(),
  );
  due.sort(
    (a, b) =>
      a.goLiveAt!.getTime() - b.goLiveAt!.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return due[0]?.id ?? null;
}

export interface Seat {
  type: MemberType;
  positionName: string;
}

/**
 * The application window of a seat that opens at `now` in a project live since `liveSince`
 * (docs/product-rules.md#junior-pm-priority): 24 hours. Until the first Saturday 12:00 after go-live only Junior Project Managers
 * may apply, so the Junior Project Manager's seat opens at once and every other seat opens at
 * that Saturday 12:00 — never a window that ends before anyone may use it. A seat opening after
 * that Saturday opens at `now`.
 */
export function seatWindow(
  seat: Seat,
  liveSince: Date | null,
  now: Date,
): { windowStartsAt: Date; windowEndsAt: Date } {
  let start = now;
  if (liveSince && !isJuniorProjectManager(seat.type, seat.positionName)) {
    const priorityEnds = juniorPmPriorityEndsAt(liveSince);
    if (priorityEnds.getTime() > start.getTime()) start = priorityEnds;
  }
  return { windowStartsAt: start, windowEndsAt: addHours(start, APPLICATION_WINDOW_HOURS) };
}

/**
 * The window of a seat that is open when its project goes live: the Junior Project Manager's
 * seat from the go-live minute (Friday 12:00 to Saturday 12:00), every other seat from Saturday
 * 12:00 to Sunday 12:00, whatever was prepared in the console.
 */
export function goLiveWindow(
  seat: Seat,
  liveSince: Date,
): { windowStartsAt: Date; windowEndsAt: Date } {
  return seatWindow(seat, liveSince, liveSince);
}
