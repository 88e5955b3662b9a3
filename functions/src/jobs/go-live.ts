/**
 * Friday 12:00: the next queued project goes live (docs/product-rules.md#project-go-live); its open positions get their
 * 24-hour window (the Junior Project Manager's seat from now, the others from Saturday 12:00,
 * when the Junior-Project-Manager-only period enforced by `apply` ends), and every member gets
 * PROJECT_TO_LIVE.
 */
import type { DocumentReference } from "firebase-admin/firestore";
import {
  type PositionDoc,
  type ProjectDoc,
  type QueuedProject,
  type TimestampLike,
  chooseProjectToGoLive,
  floorToMinute,
  goLiveWindow,
  paths,
  queuedProjectProblem,
  weekId,
} from "@platform/common";
import { recordConsoleProblems } from "./console-problems.js";
import { jobRunRef } from "./job-runs.js";
import { jobNotification } from "./notifications.js";
import { type PagedProgress, forEachPage } from "./paged-recipients.js";
import { windowFields } from "../infra/firestore.js";
import { type JobContext, type JobReport, mapLimit, timestamp, toDate } from "./runtime.js";

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
    const projectId = chooseProjectToGoLive(await queuedProjects(db, now, log), now);
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
    const [existingRun, projectSnap, positions] = await Promise.all([
      tx.get(runRef),
      tx.get(projectRef),
      tx.get(db.collection(paths.positions(projectId))),
    ]);
    if (existingRun.exists) return; // a concurrent run got there first
    const project = projectSnap.data();
    if (!project || project.isLive) throw new Error(`project ${projectId} is not queued any more`);
    const stamp = timestamp(liveSince);
    // Positions written in the console carry only name, type and expectations (no status yet).
    const openDocs = positions.docs.filter((p) => [undefined, "OPEN"].includes(p.get("status")));
    tx.update(projectRef, {
      ...missingFields(project as unknown as Record<string, unknown>, {
        definition: "",
        status: "NotStarted",
        startedAt: null,
        completed_percentage: 0,
        memberCount: 0,
        allPositionCount: positions.size,
        openPositionCount: openDocs.length,
        managerId: null,
        imagePath: null,
        team: [],
        memberIds: [],
        createdAt: stamp,
      }),
      isLive: true,
      liveSince: stamp,
      updatedAt: stamp,
    });
    for (const position of openDocs) {
      tx.update(position.ref as DocumentReference<PositionDoc>, {
        ...missingFields(position.data(), {
          projectId,
          positionId: position.id,
          expectations: [],
          status: "OPEN",
          applicantCount: 0,
          filledBy: null,
          createdAt: stamp,
        }),
        ...windowFields(
          goLiveWindow(
            { type: position.get("type"), positionName: position.get("positionName") },
            liveSince,
          ),
        ),
        updatedAt: stamp,
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

/** The defaults for the fields `doc` lacks (a project or position written in the console). */
function missingFields(
  doc: Record<string, unknown>,
  defaults: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => doc[key] === undefined));
}

/**
 * Projects written in the console that have not gone live yet, checked: a project (or one of its
 * positions) that cannot go live gets its `problem` recorded and the admins mailed, and the
 * others still go live in order. Only usable projects are returned.
 */
async function queuedProjects(
  db: JobContext["db"],
  now: Date,
  log: (line: string) => void,
): Promise<QueuedProject[]> {
  // Every project, a few fields each: a project written without `isLive` is queued too.
  const all = await db
    .collection(paths.projects)
    .select("isLive", "liveSince", "goLiveAt", "title", "definition", "type", "problem")
    .get();
  const waiting = all.docs.filter((d) => d.get("isLive") !== true && !d.get("liveSince"));
  if (waiting.length === 0) return [];
  const names = (await db.doc(paths.lookup("positionNames")).get()).get("names");
  const positionNames = Array.isArray(names) ? (names as string[]) : null;
  const checked = await mapLimit(waiting, 8, async (doc) => {
    const positions = await db.collection(paths.positions(doc.id)).get();
    const problem = queuedProjectProblem({
      project: doc.data(),
      positions: positions.docs.map((p) => ({ id: p.id, data: p.data() })),
      positionNames,
    });
    return { doc, problem };
  });
  await recordConsoleProblems(
    db,
    checked.map(({ doc, problem }) => ({ ref: doc.ref, recorded: doc.get("problem"), problem })),
    now,
    log,
  );
  return checked
    .filter(({ problem }) => problem === null)
    .map(({ doc }) => ({ id: doc.id, isLive: false, goLiveAt: toDate(doc.get("goLiveAt")) }));
}
