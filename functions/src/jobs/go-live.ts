/**
 * Friday 12:00: the next queued project goes live (spec §1); its open positions get their
 * 24-hour window from now (Junior Project Managers only until Saturday 12:00, enforced by
 * `apply`), and every member gets PROJECT_TO_LIVE.
 */
import type { DocumentReference } from "firebase-admin/firestore";
import {
  type PositionDoc,
  type ProjectDoc,
  type TimestampLike,
  chooseProjectToGoLive,
  floorToMinute,
  goLiveWindow,
  paths,
  weekId,
} from "@platform/common";
import { jobRunRef } from "./job-runs.js";
import { jobNotification } from "./notifications.js";
import { type PagedProgress, forEachPage } from "./paged-recipients.js";
import { windowFields } from "../infra/firestore.js";
import { type JobContext, type JobReport, timestamp, toDate } from "./runtime.js";

interface GoLiveRun extends PagedProgress {
  weekId: string;
  projectId: string;
  projectTitle: string;
  liveSince: TimestampLike;
  done: boolean;
}

export async function goLive({ db, now, log }: JobContext): Promise<JobReport> {
  const week = weekId(now);
  const runRef = jobRunRef<GoLiveRun>(db, `go-live-${week}`);
  let run = (await runRef.get()).data();
  if (run?.done) return { weekId: week, projectId: run.projectId, alreadyDone: true };

  if (!run) {
    const queued = await db
      .collection(paths.projects)
      .where("isLive", "==", false)
      .where("goLiveAt", "<=", timestamp(now))
      .orderBy("goLiveAt")
      .limit(20)
      .get();
    const projectId = chooseProjectToGoLive(
      queued.docs.map((d) => ({
        id: d.id,
        isLive: (d.data() as ProjectDoc).isLive === true,
        goLiveAt: toDate((d.data() as ProjectDoc).goLiveAt),
      })),
      now,
    );
    if (!projectId) {
      log("go-live: no queued project is due");
      return { weekId: week, projectId: "", wentLive: false };
    }
    await putLive(db, runRef, week, projectId, floorToMinute(now));
    run = (await runRef.get()).data()!;
    log(`go-live: ${run.projectTitle} (${run.projectId}) is live`);
  }

  const projectId = run.projectId;
  const liveSince = toDate(run.liveSince)!;
  const members = db.collection(paths.users).where("profileComplete", "==", true);
  const progress = await forEachPage(db, members, run, runRef, async (page) =>
    page.map((user) => {
      const n = jobNotification(db, {
        type: "PROJECT_TO_LIVE",
        userId: user.id,
        eventKey: projectId,
        content: { projectId, projectTitle: run!.projectTitle },
        now: liveSince,
      });
      return (batch) => batch.set(n.ref, n.doc);
    }),
  );
  await runRef.set({ done: true }, { merge: true });
  return { weekId: week, projectId, wentLive: true, notified: progress.written };
}

/** One transaction: the project, its open positions' windows and the run record. */
async function putLive(
  db: JobContext["db"],
  runRef: DocumentReference<GoLiveRun>,
  week: string,
  projectId: string,
  liveSince: Date,
) {
  const projectRef = db.doc(paths.project(projectId)) as DocumentReference<ProjectDoc>;
  await db.runTransaction(async (tx) => {
    const [existingRun, projectSnap, openPositions] = await Promise.all([
      tx.get(runRef),
      tx.get(projectRef),
      tx.get(db.collection(paths.positions(projectId)).where("status", "==", "OPEN")),
    ]);
    if (existingRun.exists) return; // a concurrent run got there first
    const project = projectSnap.data();
    if (!project || project.isLive) throw new Error(`project ${projectId} is not queued any more`);
    const window = goLiveWindow(liveSince);
    tx.update(projectRef, {
      isLive: true,
      liveSince: timestamp(liveSince),
      updatedAt: timestamp(liveSince),
    });
    for (const position of openPositions.docs) {
      tx.update(position.ref as DocumentReference<PositionDoc>, {
        ...windowFields(window),
        updatedAt: timestamp(liveSince),
      });
    }
    tx.set(runRef, {
      weekId: week,
      projectId,
      projectTitle: project.title,
      liveSince: timestamp(liveSince),
      cursor: null,
      written: 0,
      done: false,
    });
  });
}
