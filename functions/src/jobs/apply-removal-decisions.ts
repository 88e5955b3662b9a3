/**
 * Every few minutes: removal reviews on which an operations specialist has recorded a decision
 * in the console are applied (docs/product-rules.md#removal-decision), each in one transaction that also marks the
 * review applied, so a decision takes effect exactly once.
 * REMOVE: membership ended, the member off the team and free to join another project, the seat
 * reopened with a fresh 24-hour window, PROJECT_USER_DISCARDED to them and PROJECT_HIRING to the
 * rest of the team (and, by the `announce-hiring` job, to every member who could take the seat). KEEP (or a member who already left): the review is closed.
 */
import { type DocumentReference, FieldValue, type Firestore } from "firebase-admin/firestore";
import {
  type MemberDepartureDoc,
  type MemberDoc,
  type PositionDoc,
  type ProjectDoc,
  type RemovalOutcome,
  type RemovalReviewDoc,
  type UserDoc,
  seatWindow,
  paths,
  removalDecisionProblem,
  removalOutcome,
  teamWithout,
} from "@platform/common";
import { recordConsoleProblems } from "./console-problems.js";
import { jobNotification } from "./notifications.js";
import { windowFields } from "../infra/firestore.js";
import { recordSeatOpening } from "../infra/hiring.js";
import {
  type JobContext,
  type JobReport,
  mapLimit,
  partition,
  timestamp,
  toDate,
} from "./runtime.js";

/** Projects handled at once; each decision is a transaction of a few round trips. */
const PROJECTS_IN_FLIGHT = 32;

export async function applyRemovalDecisions({ db, now, log }: JobContext): Promise<JobReport> {
  const open = await db.collection(paths.removalReviews).where("appliedAt", "==", null).get();
  // A decision ops wrote that is not REMOVE or KEEP is recorded as a problem, never ignored.
  const checks = open.docs.map((d) => ({
    ref: d.ref,
    recorded: d.get("problem"),
    problem: removalDecisionProblem(d.get("decision")),
  }));
  const problems = await recordConsoleProblems(db, checks, now, log);
  const decided = open.docs.filter(
    (d, i) => !checks[i]!.problem && (d.data() as RemovalReviewDoc).decision,
  );
  // Reviews of one project share its document (and maybe a member): they are applied one after
  // another, and projects concurrently, so concurrent transactions do not contend.
  const byProject = partition(decided, (d) => String(d.get("projectId")));
  const outcomes = (
    await mapLimit(byProject, PROJECTS_IN_FLIGHT, async (reviews) => {
      const applied: RemovalOutcome[] = [];
      for (const d of reviews) {
        applied.push(await applyDecision(db, d.ref as DocumentReference<RemovalReviewDoc>, now));
      }
      return applied;
    })
  ).flat();
  const count = (o: RemovalOutcome) => outcomes.filter((x) => x === o).length;
  const report = {
    undecided: open.size - decided.length - checks.filter((c) => c.problem).length,
    unusable: checks.filter((c) => c.problem).length,
    problemsRecorded: problems,
    removed: count("REMOVE"),
    kept: count("KEEP"),
    alreadyGone: count("ALREADY_GONE"),
  };
  if (decided.length > 0 || problems > 0) log(`apply-removal-decisions: ${JSON.stringify(report)}`);
  return report;
}

async function applyDecision(
  db: Firestore,
  reviewRef: DocumentReference<RemovalReviewDoc>,
  now: Date,
): Promise<RemovalOutcome> {
  return db.runTransaction(async (tx) => {
    const review = (await tx.get(reviewRef)).data();
    if (!review) return "WAIT";
    const { projectId, targetUserId: uid } = review;
    const memberRef = db.doc(`${paths.members(projectId)}/${uid}`) as DocumentReference<MemberDoc>;
    const projectRef = db.doc(paths.project(projectId)) as DocumentReference<ProjectDoc>;
    const userRef = db.doc(paths.user(uid)) as DocumentReference<UserDoc>;
    const [memberSnap, projectSnap, userSnap] = await Promise.all([
      tx.get(memberRef),
      tx.get(projectRef),
      tx.get(userRef),
    ]);
    const member = memberSnap.data() ?? null;
    const project = projectSnap.data();
    const outcome = removalOutcome(review, member && project ? member : null);
    if (outcome === "WAIT") return outcome;
    const stamp = timestamp(now);
    if (outcome !== "REMOVE") {
      tx.update(reviewRef, { appliedAt: stamp });
      return outcome;
    }

    const positionRef = db.doc(
      paths.position(projectId, member!.positionId),
    ) as DocumentReference<PositionDoc>;
    const positionSnap = await tx.get(positionRef);
    const reopened = positionSnap.exists && positionSnap.data()!.status !== "OPEN";
    const remaining = teamWithout(project!.team ?? [], uid);

    tx.update(memberRef, { active: false, leftAt: stamp });
    const departure: MemberDepartureDoc = { reason: "REMOVED", leftAt: stamp };
    tx.set(db.doc(paths.memberDeparture(projectId, uid)), departure);
    const seat = positionSnap.data();
    const window = seat
      ? seatWindow(
          { type: seat.type, positionName: seat.positionName },
          toDate(project!.liveSince),
          now,
        )
      : null;
    if (reopened && seat && window) {
      tx.update(positionRef, {
        status: "OPEN",
        filledBy: null,
        applicantCount: 0,
        ...windowFields(window),
        updatedAt: stamp,
      });
      recordSeatOpening(
        db,
        tx,
        {
          projectId,
          projectTitle: project!.title,
          positionId: positionRef.id,
          positionName: seat.positionName,
          type: seat.type,
          leftBy: uid,
          windowStartsAt: window.windowStartsAt,
        },
        now,
      );
    }
    tx.update(projectRef, {
      team: remaining,
      memberIds: remaining.map((m) => m.uid),
      memberCount: FieldValue.increment(-1),
      ...(reopened ? { openPositionCount: FieldValue.increment(1) } : {}),
      ...(project!.managerId === uid ? { managerId: null } : {}),
      updatedAt: stamp,
    });
    if (userSnap.data()?.currentProjectId === projectId) {
      tx.update(userRef, { currentProjectId: null, currentProjectTitle: null, updatedAt: stamp });
    }
    tx.update(reviewRef, { appliedAt: stamp });

    const content = { projectId, projectTitle: project!.title };
    const discarded = jobNotification(db, {
      type: "PROJECT_USER_DISCARDED",
      userId: uid,
      eventKey: reviewRef.id,
      content,
      now,
    });
    tx.set(discarded.ref, discarded.doc);
    if (reopened && window) {
      for (const teammate of remaining) {
        const hiring = jobNotification(db, {
          type: "PROJECT_HIRING",
          userId: teammate.uid,
          eventKey: `${reviewRef.id}:${positionRef.id}`,
          content,
          now,
        });
        tx.set(hiring.ref, hiring.doc);
      }
    }
    return outcome;
  });
}
