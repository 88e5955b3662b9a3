/**
 * Go-live (spec §1): every Friday 12:00 the next queued project, in `goLiveAt` order, becomes
 * live. One project per Friday: a project whose date has passed waits for the next Friday.
 */
import { freshWindow } from "./selection.js";

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

/**
 * The application window of a position that is open when its project goes live: 24 hours from
 * the go-live moment, whatever was prepared in the console, so that the Junior Project Manager
 * period (until Saturday 12:00) and the window start together.
 */
export function goLiveWindow(liveSince: Date): { windowStartsAt: Date; windowEndsAt: Date } {
  return freshWindow(liveSince);
}
