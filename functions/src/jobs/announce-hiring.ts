/**
 * Every few minutes: each seat opened since the last run (recorded by `recordSeatOpening` when a
 * position is added or a seat is reopened after a leave or a removal) is announced with
 * PROJECT_HIRING to every member who could take it: same member type and position, profile
 * complete, not in a project and no application waiting for its selection (docs/product-rules.md#one-project: that counts
 * as being in a project), the member who just left the seat excepted. The team hears of it when the
 * seat opens. Pages of members commit
 * with the opening's cursor, and notification ids come from the event, so a crash or a second
 * run notifies nobody twice.
 */
import type { DocumentReference } from "firebase-admin/firestore";
import { type UserDoc, type UserStateDoc, paths, samePositionName } from "@platform/common";
import { type HiringOpeningRun, hiringEventKey } from "../infra/hiring.js";
import { jobNotification } from "./notifications.js";
import { forEachPage } from "./paged-recipients.js";
import { type JobContext, type JobReport, getAllChunked, toDate } from "./runtime.js";

export async function announceHiring({ db, log }: JobContext): Promise<JobReport> {
  const open = await db
    .collection(paths.jobRuns)
    .where("kind", "==", "HIRING")
    .where("done", "==", false)
    .get();
  let notified = 0;
  for (const doc of open.docs) {
    const ref = doc.ref as DocumentReference<HiringOpeningRun>;
    const opening = doc.data() as HiringOpeningRun;
    const windowStartsAt = toDate(opening.windowStartsAt)!;
    const openedAt = toDate(opening.openedAt)!;
    const eventKey = hiringEventKey(opening.projectId, opening.positionId, windowStartsAt);
    const candidates = db
      .collection(paths.users)
      .where("type", "==", opening.type)
      .where("currentProjectId", "==", null)
      .where("profileComplete", "==", true);
    const progress = await forEachPage(db, candidates, opening, ref, async (page) => {
      const matching = page
        .filter((u) => u.id !== opening.leftBy)
        .filter((u) =>
          samePositionName((u.data() as UserDoc).position?.name, opening.positionName),
        );
      // The pending application lives in the server-only state record: one batched read a page.
      const states = await getAllChunked(
        db,
        matching.map((u) => db.doc(paths.userState(u.id)) as DocumentReference<UserStateDoc>),
      );
      return matching
        .filter((_, i) => !states[i]!.data()?.activeApplication)
        .map((u) => {
          const n = jobNotification(db, {
            type: "PROJECT_HIRING",
            userId: u.id,
            eventKey,
            content: { projectId: opening.projectId, projectTitle: opening.projectTitle },
            now: openedAt,
          });
          return (batch) => batch.set(n.ref, n.doc);
        });
    });
    await ref.set({ done: true }, { merge: true });
    notified += progress.written - opening.written;
    log(
      `announce-hiring: ${opening.projectTitle} / ${opening.positionName}: ` +
        `${progress.written} members notified`,
    );
  }
  return { openings: open.size, notified };
}
