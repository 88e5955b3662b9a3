/** Positions of a project: reading, the manager adding and deleting them, and applying. */
import { FieldValue, type DocumentReference, type Firestore } from "firebase-admin/firestore";
import {
  type ApplicationDoc,
  type MemberType,
  type PositionDoc,
  type PositionDto,
  type ProjectDoc,
  RATING_CATEGORIES,
  seatWindow,
  appliedInCurrentWindow,
  canManageProject,
  checkApplication,
  messages,
  paths,
} from "@platform/common";
import type { AuthUser } from "../domain/viewer.js";
import { conflict, forbidden, notFound } from "../domain/errors.js";
import { toDate, ts, windowFields } from "../infra/firestore.js";
import { positionFields, teamMemberDto } from "./dto.js";
import { recordSeatOpening } from "../infra/hiring.js";
import { notify } from "./notify.js";
import { canSee, teamEmails } from "./projects.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";
import {
  assertKnownPositions,
  data,
  findPositionRef,
  lookupNames,
  projectRef,
  stateRef,
  userRef,
} from "./refs.js";

const applicationRef = (db: Firestore, projectId: string, positionId: string, uid: string) =>
  db.doc(
    `${paths.applications(projectId, positionId)}/${uid}`,
  ) as DocumentReference<ApplicationDoc>;

export async function positionsByProject(
  viewer: AuthUser | null,
  projectId: string,
  { db }: ServiceDeps = productionDeps(),
): Promise<PositionDto[]> {
  const project = data(await projectRef(db, projectId).get());
  const viewerProject = viewer
    ? (data(await userRef(db, viewer.uid).get())?.currentProjectId ?? null)
    : null;
  if (!project || !canSee(viewer, viewerProject, projectId, project)) {
    throw notFound(messages.projects.notFound);
  }
  const [snap, emails] = await Promise.all([
    db.collection(paths.positions(projectId)).orderBy("createdAt").get(),
    teamEmails(db, viewer, viewerProject, projectId, project),
  ]);
  const applied = new Set<string>();
  if (viewer && !snap.empty) {
    const apps = await db.getAll(
      ...snap.docs.map((d) => applicationRef(db, projectId, d.id, viewer.uid)),
    );
    for (const a of apps) if (a.exists) applied.add(a.ref.parent.parent!.id);
  }
  const owner = {
    _id: projectId,
    title: project.title,
    status: project.status,
    teamMembers: (project.team ?? []).map((m) =>
      teamMemberDto(m, project.managerId, emails?.get(m.uid)),
    ),
  };
  return snap.docs.map((d) => ({
    ...positionFields(d.id, d.data() as PositionDoc),
    ...(viewer ? { hasApplied: applied.has(d.id) } : {}),
    projectId: owner,
  }));
}

export async function positionNames(
  { db }: ServiceDeps = productionDeps(),
): Promise<{ name: string }[]> {
  return ((await lookupNames(db, "positionNames")) ?? []).map((name) => ({ name }));
}

export interface NewPosition {
  positionName: string;
  expectations: string[];
  positionType: MemberType;
}

/**
 * The manager opens new positions, each with a 24-hour window from now (from Saturday 12:00 for
 * a seat other than the Junior Project Manager's while the Junior-PM-only period runs); the team
 * is told at once, the members who could take a seat by the `announce-hiring` job.
 */
export async function addPositions(
  uid: string,
  projectId: string,
  positions: NewPosition[],
  now: Date,
  { db }: ServiceDeps = productionDeps(),
) {
  await assertKnownPositions(
    db,
    positions.map((p) => p.positionName),
    messages.projects.positionNameUnknown,
  );
  return db.runTransaction(async (tx) => {
    const [projectSnap, userSnap] = await Promise.all([
      tx.get(projectRef(db, projectId)),
      tx.get(userRef(db, uid)),
    ]);
    const project = projectSnap.data();
    if (!project) throw notFound(messages.projects.notFound);
    if (!canManageProject(uid, userSnap.data()?.position?.name, project.managerId)) {
      throw forbidden(messages.projects.managerOnly);
    }
    const created = positions.map((p) => {
      const ref = db.collection(paths.positions(projectId)).doc() as DocumentReference<PositionDoc>;
      const window = seatWindow(
        { type: p.positionType, positionName: p.positionName },
        toDate(project.liveSince),
        now,
      );
      recordSeatOpening(
        db,
        tx,
        {
          projectId,
          projectTitle: project.title,
          positionId: ref.id,
          positionName: p.positionName,
          type: p.positionType,
          leftBy: null,
          windowStartsAt: window.windowStartsAt,
        },
        now,
      );
      const doc: PositionDoc = {
        projectId,
        positionId: ref.id,
        positionName: p.positionName,
        type: p.positionType,
        expectations: p.expectations,
        status: "OPEN",
        ...windowFields(window),
        applicantCount: 0,
        filledBy: null,
        createdAt: ts(now),
        updatedAt: ts(now),
      };
      tx.create(ref, doc);
      return positionFields(ref.id, doc);
    });
    tx.update(projectRef(db, projectId), {
      allPositionCount: FieldValue.increment(positions.length),
      openPositionCount: FieldValue.increment(positions.length),
      updatedAt: ts(now),
    });
    notify(
      db,
      tx,
      (project.memberIds ?? []).filter((m) => m !== uid),
      "PROJECT_HIRING",
      { projectId, projectTitle: project.title },
      now,
      `${projectId}:${created.map((c) => c._id).join(",")}`,
    );
    return created;
  });
}

/**
 * The manager deletes an open position: its applications go with it, their applicants are free
 * to apply elsewhere and each one still waiting hears the outcome (PROJECT_REJECTED). A filled
 * seat cannot be deleted.
 */
export async function deletePosition(
  uid: string,
  positionId: string,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
) {
  const ref = await findPositionRef(db, positionId);
  const projectId = ref.parent.parent!.id;
  await db.runTransaction(async (tx) => {
    const [posSnap, projectSnap, userSnap] = await Promise.all([
      tx.get(ref),
      tx.get(projectRef(db, projectId)),
      tx.get(userRef(db, uid)),
    ]);
    const position = posSnap.data();
    const project = projectSnap.data() as ProjectDoc | undefined;
    if (!position || !project) throw notFound(messages.projects.positionNotFound);
    if (!canManageProject(uid, userSnap.data()?.position?.name, project.managerId)) {
      throw forbidden(messages.projects.managerOnly);
    }
    if (position.status === "FILLED" || position.filledBy) {
      throw conflict(messages.projects.positionFilled);
    }
    const apps = await tx.get(db.collection(paths.applications(projectId, positionId)));
    const applicants = await Promise.all(
      apps.docs.map((a) => tx.get(stateRef(db, (a.data() as ApplicationDoc).userId))),
    );
    for (const a of apps.docs) tx.delete(a.ref);
    notify(
      db,
      tx,
      apps.docs
        .map((a) => a.data() as ApplicationDoc)
        .filter((a) => a.status === "PENDING")
        .map((a) => a.userId),
      "PROJECT_REJECTED",
      { projectId, projectTitle: project.title },
      now,
      `${projectId}:${positionId}:deleted`,
    );
    for (const s of applicants) {
      if (s.data()?.activeApplication?.positionId === positionId) {
        tx.set(s.ref, { activeApplication: null });
      }
    }
    tx.delete(ref);
    tx.update(projectRef(db, projectId), {
      allPositionCount: FieldValue.increment(-1),
      ...(position.status === "OPEN" ? { openPositionCount: FieldValue.increment(-1) } : {}),
      updatedAt: ts(now),
    });
  });
  return { _id: positionId, projectId };
}

function averageRating(totalRate: Record<string, number> | null | undefined): number {
  if (!totalRate) return 0;
  const values = RATING_CATEGORIES.map((c) => totalRate[c] ?? 0);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Applies to a position. Everything is re-read and re-checked in one transaction: the member's
 * server-only state (their pending application) is read and written in it, so two concurrent
 * applications of one member serialise and the second sees the first (one project at a time);
 * the position's status and window are read in the same transaction as the write.
 */
export async function apply(
  uid: string,
  positionId: string,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
) {
  const posRef = await findPositionRef(db, positionId);
  const projectId = posRef.parent.parent!.id;
  const appRef = applicationRef(db, projectId, positionId, uid);
  return db.runTransaction(async (tx) => {
    const [userSnap, stateSnap, posSnap, projectSnap, appSnap] = await Promise.all([
      tx.get(userRef(db, uid)),
      tx.get(stateRef(db, uid)),
      tx.get(posRef),
      tx.get(projectRef(db, projectId)),
      tx.get(appRef),
    ]);
    const user = userSnap.data();
    const position = posSnap.data();
    const project = projectSnap.data();
    if (!user) throw forbidden(messages.projects.profileIncomplete);
    if (!position || !project) throw notFound(messages.projects.positionNotFound);

    let hasPendingApplication = false;
    const active = stateSnap.data()?.activeApplication ?? null;
    if (active) {
      const { projectId: p, positionId: q } = active;
      const pending = await tx.get(applicationRef(db, p, q, uid));
      hasPendingApplication = pending.exists && pending.data()!.status === "PENDING";
    }
    const decision = checkApplication({
      applicant: {
        type: user.type,
        positionName: user.position?.name ?? null,
        profileComplete: user.profileComplete === true,
        currentProjectId: user.currentProjectId ?? null,
        hasPendingApplication,
      },
      position: {
        positionName: position.positionName,
        type: position.type,
        status: position.status,
        windowStartsAt: toDate(position.windowStartsAt),
        windowEndsAt: toDate(position.windowEndsAt),
      },
      project: { isLive: project.isLive === true, liveSince: toDate(project.liveSince) },
      alreadyApplied: appliedInCurrentWindow(
        toDate(appSnap.data()?.appliedAt),
        toDate(position.windowStartsAt),
      ),
      now,
    });
    if (!decision.ok) {
      const refusal = {
        PROFILE_INCOMPLETE: forbidden,
        IN_PROJECT: conflict,
        POSITION_MISMATCH: forbidden,
        TYPE_MISMATCH: forbidden,
        PROJECT_NOT_LIVE: notFound,
        POSITION_NOT_OPEN: conflict,
        WINDOW_NOT_OPEN: conflict,
        WINDOW_CLOSED: conflict,
        JUNIOR_PM_PRIORITY: forbidden,
        ALREADY_APPLIED: conflict,
      }[decision.reason];
      throw refusal(decision.message, { reason: decision.reason });
    }
    const application: ApplicationDoc = {
      userId: uid,
      projectId,
      positionId,
      status: "PENDING",
      ratingAtApply: averageRating(user.totalRate),
      appliedAt: ts(now),
      decidedAt: null,
    };
    // set, not create: a seat reopened after a departure keeps applications of its earlier
    // windows, and a member who applied then may apply again now.
    tx.set(appRef, application);
    tx.update(posRef, { applicantCount: FieldValue.increment(1), updatedAt: ts(now) });
    tx.set(stateRef(db, uid), { activeApplication: { projectId, positionId } });
    return { applicationId: uid, projectId, positionId, status: "PENDING" as const };
  });
}
