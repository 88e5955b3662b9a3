/** Documents of the data model, with sensible defaults, for job tests. */
import type { Firestore } from "firebase-admin/firestore";
import { type MemberType, paths } from "@platform/common";

export async function addUser(
  db: Firestore,
  uid: string,
  over: Record<string, unknown> = {},
  extra: { email?: string; iban?: string } = {},
) {
  await db.doc(paths.user(uid)).set({
    name: `Üye ${uid}`,
    userName: `uye-${uid}`,
    type: "JUNIOR",
    position: { name: "Frontend Developer" },
    birthDate: "1998-04-12",
    skills: [{ name: "React" }],
    totalRate: null,
    rateCount: 0,
    skillVotes: {},
    skillVoteCounts: {},
    currentProjectId: null,
    currentProjectTitle: null,
    profileComplete: true,
    ...over,
  });
  await db.doc(paths.userContact(uid)).set({
    email: extra.email ?? `${uid}@example.com`,
    isEmailVerified: true,
  });
  await db.doc(paths.userDetails(uid)).set({ telephone: "", iban: extra.iban ?? "", role: null });
}

export async function addProject(db: Firestore, id: string, over: Record<string, unknown> = {}) {
  await db.doc(paths.project(id)).set({
    title: `Proje ${id}`,
    definition: "",
    type: "WEB",
    status: "Ongoing",
    isLive: true,
    goLiveAt: null,
    liveSince: null,
    startedAt: null,
    completed_percentage: 0,
    memberCount: 0,
    allPositionCount: 0,
    openPositionCount: 0,
    managerId: null,
    imagePath: null,
    team: [],
    memberIds: [],
    ...over,
  });
}

export interface Seat {
  uid: string;
  type: MemberType;
  positionName?: string;
  joinedAt?: Date;
  leftAt?: Date | null;
}

/** Members of a project with their filled positions, team strip and counts. */
export async function addTeam(db: Firestore, projectId: string, seats: Seat[]) {
  const active = seats.filter((s) => !s.leftAt);
  const team = active.map((s) => ({
    uid: s.uid,
    name: `Üye ${s.uid}`,
    userName: `uye-${s.uid}`,
    type: s.type,
    positionName: s.positionName ?? "Frontend Developer",
  }));
  for (const s of seats) {
    const positionId = `seat-${s.uid}`;
    await db.doc(paths.position(projectId, positionId)).set({
      projectId,
      positionName: s.positionName ?? "Frontend Developer",
      type: s.type,
      expectations: [],
      status: s.leftAt ? "OPEN" : "FILLED",
      windowStartsAt: null,
      windowEndsAt: null,
      applicantCount: 0,
      filledBy: s.leftAt ? null : s.uid,
    });
    await db.doc(`${paths.members(projectId)}/${s.uid}`).set({
      uid: s.uid,
      name: `Üye ${s.uid}`,
      userName: `uye-${s.uid}`,
      type: s.type,
      positionId,
      positionName: s.positionName ?? "Frontend Developer",
      active: !s.leftAt,
      joinedAt: s.joinedAt ?? new Date("2026-01-05T09:00:00Z"),
      leftAt: s.leftAt ?? null,
    });
    if (s.leftAt) {
      await db
        .doc(paths.memberDeparture(projectId, s.uid))
        .set({ reason: "LEFT", leftAt: s.leftAt });
    }
  }
  await db.doc(paths.project(projectId)).set(
    {
      team,
      memberIds: team.map((t) => t.uid),
      memberCount: team.length,
      allPositionCount: seats.length,
    },
    { merge: true },
  );
}
