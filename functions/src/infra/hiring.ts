/**
 * A seat that opens (a new position, a seat reopened after a leave or a removal) is announced to
 * the members who could take it: the `announce-hiring` job pages through them. The opening is
 * recorded here, in the transaction that opens the seat, as a job record the job works through.
 */
import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import { type MemberType, type TimestampLike, paths } from "@platform/common";
import { ts } from "./firestore.js";

export interface HiringOpeningRun {
  kind: "HIRING";
  projectId: string;
  projectTitle: string;
  positionId: string;
  positionName: string;
  type: MemberType;
  /** The member who left or was removed from the seat: not told of it again. */
  leftBy: string | null;
  windowStartsAt: TimestampLike;
  openedAt: TimestampLike;
  /** Paging through the members who could take the seat (paged-recipients). */
  cursor: string | null;
  written: number;
  done: boolean;
}

/** The notification event of one opening: the same seat reopened later is a new event. */
export function hiringEventKey(projectId: string, positionId: string, windowStartsAt: Date) {
  return `${projectId}:${positionId}:${windowStartsAt.getTime()}`;
}

export function recordSeatOpening(
  db: Firestore,
  tx: Transaction,
  seat: {
    projectId: string;
    projectTitle: string;
    positionId: string;
    positionName: string;
    type: MemberType;
    leftBy: string | null;
    windowStartsAt: Date;
  },
  now: Date,
): void {
  const id = `hiring-${hiringEventKey(seat.projectId, seat.positionId, seat.windowStartsAt)}`;
  const ref = db
    .collection(paths.jobRuns)
    .doc(id.replaceAll(":", "-")) as DocumentReference<HiringOpeningRun>;
  tx.set(ref, {
    kind: "HIRING",
    ...seat,
    windowStartsAt: ts(seat.windowStartsAt),
    openedAt: ts(now),
    cursor: null,
    written: 0,
    done: false,
  });
}
