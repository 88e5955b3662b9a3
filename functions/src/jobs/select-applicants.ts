/**
 * Every few minutes: open positions whose 24-hour window has ended get their selection (docs/product-rules.md#selection). One transaction per position re-reads everything it decides on, so a second run,
 * a concurrent run or an application arriving meanwhile cannot make it decide twice.
 * - Someone chosen: they join the team (member record, team strip, counts, their current project;
 *   the project's manager when the seat is the Junior Project Manager's; the project starts with
 *   its first member), PROJECT_ACCEPTED to them and PROJECT_REJECTED to the others.
 * - Nobody: the window is extended by 24 hours, again and again.
 */
import { type DocumentReference, FieldValue, type Firestore } from "firebase-admin/firestore";
import {
  type ApplicationDoc,
  type MemberDoc,
  type PositionDoc,
  type ProjectDoc,
  type TeamMemberSummary,
  type UserDoc,
  type UserStateDoc,
  collectionGroups,
  decideSelection,
  isWindowOver,
  paths,
  isJuniorProjectManager,
} from "@platform/common";
import { jobNotification } from "./notifications.js";
import {
  type JobContext,
  type JobReport,
  mapLimit,
  partition,
  timestamp,
  toDate,
} from "./runtime.js";

type Outcome = "SELECTED" | "EXTENDED" | "SKIPPED";

/** Projects decided at once; each decision is a transaction of a few round trips. */
const PROJECTS_IN_FLIGHT = 32;

export async function selectApplicants({ db, now, log }: JobContext): Promise<JobReport> {
  const due = await db
    .collectionGroup(collectionGroups.positions)
    .where("status", "==", "OPEN")
    .where("windowEndsAt", "<=", timestamp(now))
    .get();
  // Positions of one project share its document: they are decided one after another, and
  // projects concurrently, so concurrent transactions do not contend.
  const byProject = partition(due.docs, (d) => d.ref.parent.parent!.path);
  const outcomes = (
    await mapLimit(byProject, PROJECTS_IN_FLIGHT, async (positions) => {
      const decided: Outcome[] = [];
      for (const d of positions) {
        decided.push(await decidePosition(db, d.ref as DocumentReference<PositionDoc>, now));
      }
      return decided;
    })
  ).flat();
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  const report = {
    windowsOver: due.size,
    selected: count("SELECTED"),
    extended: count("EXTENDED"),
    skipped: count("SKIPPED"),
  };
  if (due.size > 0) log(`select-applicants: ${JSON.stringify(report)}`);
  return report;
}

async function decidePosition(
  db: Firestore,
  positionRef: DocumentReference<PositionDoc>,
  now: Date,
): Promise<Outcome> {
  const projectRef = positionRef.parent.parent! as DocumentReference<ProjectDoc>;
  const projectId = projectRef.id;
  const positionId = positionRef.id;
  return db.runTransaction(async (tx) => {
    const [positionSnap, projectSnap, applicationsSnap] = await Promise.all([
      tx.get(positionRef),
      tx.get(projectRef),
      tx.get(
        db.collection(paths.applications(projectId, positionId)).where("status", "==", "PENDING"),
      ),
    ]);
    const position = positionSnap.data();
    const project = projectSnap.data();
    const windowEndsAt = toDate(position?.windowEndsAt);
    if (!position || position.status !== "OPEN" || !isWindowOver(windowEndsAt, now)) {
      return "SKIPPED";
    }
    // A queued project's windows start when it goes live.
    if (!project || project.isLive !== true) return "SKIPPED";

    const applications = applicationsSnap.docs.map((d) => ({
      ref: d.ref as DocumentReference<ApplicationDoc>,
      doc: d.data() as ApplicationDoc,
    }));
    const userRefs = applications.map(
      (a) => db.doc(paths.user(a.doc.userId)) as DocumentReference<UserDoc>,
    );
    const stateRefs = applications.map(
      (a) => db.doc(paths.userState(a.doc.userId)) as DocumentReference<UserStateDoc>,
    );
    const [userSnaps, stateSnaps] =
      userRefs.length > 0
        ? await Promise.all([tx.getAll(...userRefs), tx.getAll(...stateRefs)])
        : [[], []];
    const users = new Map(userSnaps.filter((s) => s.exists).map((s) => [s.id, s.data()!]));
    // Each member's pending application, by uid (users/{uid}/private/state).
    const pending = new Map(
      stateSnaps.map((s) => [s.ref.parent.parent!.id, s.data()?.activeApplication ?? null]),
    );

    const decision = decideSelection(
      applications.map((a) => ({
        userId: a.doc.userId,
        ratingAtApply: a.doc.ratingAtApply ?? 0,
        appliedAt: toDate(a.doc.appliedAt) ?? now,
      })),
      (uid) => users.has(uid) && !users.get(uid)!.currentProjectId,
      windowEndsAt!,
      now,
    );
    const eventKey = `${projectId}:${positionId}:${windowEndsAt!.getTime()}`;
    const content = { projectId, projectTitle: project.title };
    const stamp = timestamp(now);

    for (const uid of decision.rejected) {
      const app = applications.find((a) => a.doc.userId === uid)!;
      tx.update(app.ref, { status: "REJECTED", decidedAt: stamp });
      if (pending.get(uid)?.positionId === positionId) {
        tx.set(db.doc(paths.userState(uid)), { activeApplication: null });
      }
      const n = jobNotification(db, {
        type: "PROJECT_REJECTED",
        userId: uid,
        eventKey,
        content,
        now,
      });
      tx.set(n.ref, n.doc);
    }

    if (decision.kind === "EXTEND") {
      tx.update(positionRef, {
        windowEndsAt: timestamp(decision.windowEndsAt),
        applicantCount: 0,
        updatedAt: stamp,
      });
      return "EXTENDED";
    }

    const uid = decision.winner;
    const user = users.get(uid)!;
    const app = applications.find((a) => a.doc.userId === uid)!;
    const seat: TeamMemberSummary = {
      uid,
      name: user.name,
      userName: user.userName,
      type: position.type,
      positionName: position.positionName,
    };
    const member: MemberDoc = {
      ...seat,
      positionId,
      active: true,
      joinedAt: stamp,
      leftAt: null,
    };
    tx.update(app.ref, { status: "ACCEPTED", decidedAt: stamp });
    tx.update(positionRef, { status: "FILLED", filledBy: uid, updatedAt: stamp });
    tx.set(db.doc(`${paths.members(projectId)}/${uid}`), member);
    // A member who left this project before joins again: the old departure no longer applies.
    tx.delete(db.doc(paths.memberDeparture(projectId, uid)));
    const team = [...(project.team ?? []).filter((m) => m.uid !== uid), seat];
    tx.update(projectRef, {
      team,
      memberIds: team.map((m) => m.uid),
      memberCount: FieldValue.increment(1),
      openPositionCount: FieldValue.increment(-1),
      ...(isJuniorProjectManager(position.type, position.positionName) && !project.managerId
        ? { managerId: uid }
        : {}),
      ...(project.status === "NotStarted" ? { status: "Ongoing", startedAt: stamp } : {}),
      updatedAt: stamp,
    });
    tx.update(db.doc(paths.user(uid)), {
      currentProjectId: projectId,
      currentProjectTitle: project.title,
      updatedAt: stamp,
    });
    tx.set(db.doc(paths.userState(uid)), { activeApplication: null });
    const n = jobNotification(db, {
      type: "PROJECT_ACCEPTED",
      userId: uid,
      eventKey,
      content,
      now,
    });
    tx.set(n.ref, n.doc);
    return "SELECTED";
  });
}
