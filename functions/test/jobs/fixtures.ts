/**
 * Documents of the data model for job tests, built with the typed builders of
 * `@platform/common/testing` (complete documents, typed overrides) and dated by one fixed clock.
 * Console input the jobs must cope with (partial or wrongly typed fields) is written raw by the
 * suites that test it, never through these helpers.
 */
import type { Firestore } from "firebase-admin/firestore";
import { type MemberType, type ProjectDoc, type UserDoc, paths } from "@platform/common";
import { type BuiltDocument, type Over, builders, teamMember } from "@platform/common/testing";

/** The fixtures' clock: when members joined and documents were created, unless a test says. */
export const FIXTURE_NOW = new Date("2026-01-05T09:00:00Z");

/** The builders with the fixtures' clock, for the documents a suite writes itself. */
export const build = builders(FIXTURE_NOW);

/** Writes the documents one by one, as the console or an earlier run left them. */
export async function put(db: Firestore, ...docs: BuiltDocument[]) {
  for (const { path, data } of docs) await db.doc(path).set(data);
}

/** A member with a complete profile (a Junior Frontend Developer unless told), contact, details. */
export async function addUser(
  db: Firestore,
  uid: string,
  over: Over<UserDoc> = {},
  extra: { email?: string; iban?: string } = {},
) {
  await put(
    db,
    build.profile(uid, over.type ?? "JUNIOR", over),
    build.contact(uid, extra.email ? { email: extra.email } : {}),
    build.details(uid, { iban: extra.iban ?? "" }),
  );
}

export async function addProject(db: Firestore, id: string, over: Over<ProjectDoc> = {}) {
  await put(db, build.project(id, over));
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
  const team = active.map(teamMember);
  for (const s of seats) {
    const positionId = `seat-${s.uid}`;
    await put(
      db,
      build.position(projectId, positionId, {
        positionName: s.positionName ?? "Frontend Developer",
        type: s.type,
        status: s.leftAt ? "OPEN" : "FILLED",
        filledBy: s.leftAt ? null : s.uid,
      }),
      build.member(projectId, s, {
        positionId,
        joinedAt: s.joinedAt ?? FIXTURE_NOW,
        leftAt: s.leftAt ?? null,
      }),
    );
    if (s.leftAt) await put(db, build.departure(projectId, s.uid, { leftAt: s.leftAt }));
  }
  const counts: Over<ProjectDoc> = {
    team,
    memberIds: team.map((t) => t.uid),
    memberCount: team.length,
    allPositionCount: seats.length,
  };
  await db.doc(paths.project(projectId)).set(counts, { merge: true });
}
