/** Projects: list and detail, a member's projects, leaving, and the manager's edits. */
import { FieldValue, type Firestore } from "firebase-admin/firestore";
import {
  type MemberDepartureDoc,
  type MemberDoc,
  type PositionDoc,
  type ProjectDoc,
  type ProjectDto,
  type UserProjectDto,
  seatWindow,
  canManageProject,
  collectionGroups,
  durationDays,
  messages,
  paths,
} from "@platform/common";
import { type AuthUser, isStaff } from "../domain/viewer.js";
import { conflict, forbidden, invalid, notFound } from "../domain/errors.js";
import { windowFields, toDate, toIso, ts } from "../infra/firestore.js";
import { recordSeatOpening } from "../infra/hiring.js";
import { projectDto } from "./dto.js";
import { notify } from "./notify.js";
import { contactRef, data, positionRef, projectRef, userRef } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

async function viewerProjectId(db: Firestore, viewer: AuthUser | null): Promise<string | null> {
  if (!viewer) return null;
  return data(await userRef(db, viewer.uid).get())?.currentProjectId ?? null;
}

/** Visitors see live projects; members and managers also see their own; HR and admin all. */
export function canSee(
  viewer: AuthUser | null,
  viewerProject: string | null,
  id: string,
  p: ProjectDoc,
) {
  return (
    p.isLive === true ||
    isStaff(viewer, "hr", "admin", "ops") ||
    (viewer !== null && (p.managerId === viewer.uid || (p.memberIds ?? []).includes(viewer.uid))) ||
    viewerProject === id
  );
}

/** E-mails of the team when the viewer may see them (same project, HR, admin; docs/product-rules.md#access-email). */
export async function teamEmails(
  db: Firestore,
  viewer: AuthUser | null,
  viewerProject: string | null,
  id: string,
  p: ProjectDoc,
): Promise<Map<string, string> | null> {
  const allowed =
    isStaff(viewer, "hr", "admin") || (viewerProject !== null && viewerProject === id);
  if (!allowed || (p.memberIds ?? []).length === 0) return null;
  const snaps = await db.getAll(...p.memberIds.map((uid) => contactRef(db, uid)));
  const map = new Map<string, string>();
  for (const s of snaps) {
    const email = s.data()?.email;
    if (email) map.set(s.ref.parent.parent!.id, email);
  }
  return map;
}

async function positionsOf(db: Firestore, id: string) {
  const snap = await db.collection(paths.positions(id)).orderBy("createdAt").get();
  return snap.docs.map((d) => ({ id: d.id, doc: d.data() as PositionDoc }));
}

export async function listProjects(
  viewer: AuthUser | null,
  { db }: ServiceDeps = productionDeps(),
): Promise<ProjectDto[]> {
  const snap = await db
    .collection(paths.projects)
    .where("isLive", "==", true)
    .orderBy("liveSince", "desc")
    .get();
  const viewerProject = await viewerProjectId(db, viewer);
  return Promise.all(
    snap.docs.map(async (d) => {
      const p = d.data() as ProjectDoc;
      const [positions, emails] = await Promise.all([
        positionsOf(db, d.id),
        teamEmails(db, viewer, viewerProject, d.id, p),
      ]);
      return projectDto(d.id, p, positions, emails);
    }),
  );
}

export async function getProject(
  viewer: AuthUser | null,
  id: string,
  deps: ServiceDeps = productionDeps(),
): Promise<ProjectDto> {
  const { db } = deps;
  const p = data(await projectRef(db, id).get());
  const viewerProject = await viewerProjectId(db, viewer);
  if (!p || !canSee(viewer, viewerProject, id, p)) throw notFound(messages.projects.notFound);
  const [positions, emails] = await Promise.all([
    positionsOf(db, id),
    teamEmails(db, viewer, viewerProject, id, p),
  ]);
  return projectDto(id, p, positions, emails);
}

export async function userProjects(
  userId: string,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
): Promise<UserProjectDto[]> {
  const snap = await db.collectionGroup(collectionGroups.members).where("uid", "==", userId).get();
  const members = snap.docs.map((d) => ({
    projectId: d.ref.parent.parent!.id,
    m: d.data() as MemberDoc,
  }));
  if (members.length === 0) return [];
  const projects = await db.getAll(...members.map((x) => projectRef(db, x.projectId)));
  const byId = new Map(projects.filter((s) => s.exists).map((s) => [s.id, s.data() as ProjectDoc]));
  return members
    .filter((x) => byId.has(x.projectId))
    .map(({ projectId, m }) => {
      const p = byId.get(projectId)!;
      const joined = toDate(m.joinedAt);
      const until = m.active ? now : (toDate(m.leftAt) ?? now);
      return {
        _id: projectId,
        id: projectId,
        title: p.title,
        definition: p.definition ?? "",
        type: p.type,
        status: p.status,
        positionName: m.positionName,
        active: m.active === true,
        joinedAt: toIso(m.joinedAt),
        leftAt: toIso(m.leftAt),
        duration: joined ? durationDays(joined, until) : 0,
      };
    })
    .sort((a, b) => (b.joinedAt ?? "").localeCompare(a.joinedAt ?? ""));
}

/**
 * A member leaves their project: membership closed, their seat reopened with a fresh 24-hour
 * window, counts and team updated, `PROJECT_USER_LEFT` and `PROJECT_HIRING` to the rest of the
 * team, the opening recorded for the `announce-hiring` job; one transaction.
 */
export async function leaveProject(
  uid: string,
  projectId: string,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
) {
  return db.runTransaction(async (tx) => {
    const memberRef = db.doc(`${paths.members(projectId)}/${uid}`);
    const [projectSnap, memberSnap, userSnap] = await Promise.all([
      tx.get(projectRef(db, projectId)),
      tx.get(memberRef),
      tx.get(userRef(db, uid)),
    ]);
    const project = projectSnap.data();
    if (!project) throw notFound(messages.projects.notFound);
    const member = memberSnap.data() as MemberDoc | undefined;
    if (!member?.active || !(project.memberIds ?? []).includes(uid)) {
      throw conflict(messages.projects.notMember);
    }
    const posRef = positionRef(db, projectId, member.positionId);
    const posSnap = await tx.get(posRef);

    tx.update(memberRef, { active: false, leftAt: ts(now) });
    const departure: MemberDepartureDoc = { reason: "LEFT", leftAt: ts(now) };
    tx.set(db.doc(paths.memberDeparture(projectId, uid)), departure);
    if (posSnap.exists) {
      const seat = posSnap.data() as PositionDoc;
      const window = seatWindow(
        { type: seat.type, positionName: seat.positionName },
        toDate(project.liveSince),
        now,
      );
      tx.update(posRef, {
        status: "OPEN",
        filledBy: null,
        applicantCount: 0,
        ...windowFields(window),
        updatedAt: ts(now),
      });
      recordSeatOpening(
        db,
        tx,
        {
          projectId,
          projectTitle: project.title,
          positionId: member.positionId,
          positionName: seat.positionName,
          type: seat.type,
          leftBy: uid,
          windowStartsAt: window.windowStartsAt,
        },
        now,
      );
    }
    const remaining = (project.team ?? []).filter((m) => m.uid !== uid);
    tx.update(projectRef(db, projectId), {
      team: remaining,
      memberIds: remaining.map((m) => m.uid),
      memberCount: FieldValue.increment(-1),
      ...(posSnap.exists ? { openPositionCount: FieldValue.increment(1) } : {}),
      ...(project.managerId === uid ? { managerId: null } : {}),
      updatedAt: ts(now),
    });
    if (userSnap.exists && userSnap.data()!.currentProjectId === projectId) {
      tx.update(userRef(db, uid), {
        currentProjectId: null,
        currentProjectTitle: null,
        updatedAt: ts(now),
      });
    }
    notify(
      db,
      tx,
      remaining.map((m) => m.uid),
      "PROJECT_USER_LEFT",
      { projectId, projectTitle: project.title, userName: member.name },
      now,
      `${projectId}:${uid}:${now.getTime()}`,
    );
    if (posSnap.exists) {
      notify(
        db,
        tx,
        remaining.map((m) => m.uid),
        "PROJECT_HIRING",
        { projectId, projectTitle: project.title },
        now,
        `${projectId}:${member.positionId}:${now.getTime()}`,
      );
    }
    return { projectId, positionId: member.positionId };
  });
}

/** The manager edits title, definition and completion; the team hears of a new stage. */
export async function updateProject(
  uid: string,
  id: string,
  changes: { title?: string; definition?: string; completed_percentage?: number },
  now: Date,
  deps: ServiceDeps = productionDeps(),
): Promise<ProjectDto> {
  const { db } = deps;
  if (Object.keys(changes).length === 0) throw invalid(messages.projects.nothingToSave);
  await db.runTransaction(async (tx) => {
    const [projectSnap, userSnap] = await Promise.all([
      tx.get(projectRef(db, id)),
      tx.get(userRef(db, uid)),
    ]);
    const project = projectSnap.data();
    if (!project) throw notFound(messages.projects.notFound);
    if (!canManageProject(uid, userSnap.data()?.position?.name, project.managerId)) {
      throw forbidden(messages.projects.managerOnly);
    }
    tx.update(projectRef(db, id), { ...changes, updatedAt: ts(now) });
    const stageChanged =
      changes.completed_percentage !== undefined &&
      changes.completed_percentage !== project.completed_percentage;
    if (stageChanged) {
      notify(
        db,
        tx,
        (project.memberIds ?? []).filter((m) => m !== uid),
        "PROJECT_UPDATED",
        { projectId: id, projectTitle: changes.title ?? project.title },
        now,
        `${id}:${changes.completed_percentage}:${now.getTime()}`,
      );
    }
  });
  return getProject(
    { uid, email: null, emailVerified: false, role: null, authTime: null },
    id,
    deps,
  );
}
