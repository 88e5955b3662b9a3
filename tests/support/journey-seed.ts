/**
 * Helpers of the member journeys: a live project with its team and open seats, and the scheduled
 * jobs run through the same CLI as `npm run job`.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type MemberType, paths } from "@platform/common";
import { repoRoot } from "@platform/stack/paths";
import { stackEnvironment } from "@platform/stack/stack";
import { adminDb } from "./member-stack.js";

export interface Teammate {
  uid: string;
  name: string;
  userName: string;
  type: MemberType;
  positionName: string;
  /** The id of their seat (default `seat-{uid}`). */
  seatId?: string;
}

export interface OpenSeat {
  id: string;
  positionName: string;
  type: MemberType;
  expectations?: string[];
}

/**
 * A live project with `team` as its active members (each on a filled seat and with it as their
 * current project) and `openSeats` taking applications in `window`. Without a team it has not
 * started yet, as a project whose first selection is still ahead.
 */
export async function seedLiveProject(input: {
  projectId: string;
  title: string;
  liveSince: Date;
  window: { startsAt: Date; endsAt: Date };
  team: Teammate[];
  openSeats: OpenSeat[];
}): Promise<void> {
  const { projectId, title, liveSince, window, team, openSeats } = input;
  const db = adminDb();
  const started = team.length > 0;
  await db.doc(paths.project(projectId)).set({
    title,
    definition: `${title}: haftalık ekiplerle geliştirilen proje.`,
    type: "WEB",
    status: started ? "Ongoing" : "NotStarted",
    isLive: true,
    goLiveAt: liveSince,
    liveSince,
    startedAt: started ? liveSince : null,
    completed_percentage: 10,
    memberCount: team.length,
    allPositionCount: team.length + openSeats.length,
    openPositionCount: openSeats.length,
    managerId: null,
    imagePath: null,
    team: team.map(({ uid, name, userName, type, positionName }) => ({
      uid,
      name,
      userName,
      type,
      positionName,
    })),
    memberIds: team.map((m) => m.uid),
    createdAt: liveSince,
    updatedAt: liveSince,
  });
  const seat = (id: string, data: Record<string, unknown>) =>
    db.doc(paths.position(projectId, id)).set({
      projectId,
      positionId: id,
      expectations: [],
      windowStartsAt: window.startsAt,
      windowEndsAt: window.endsAt,
      applicantCount: 0,
      filledBy: null,
      createdAt: liveSince,
      updatedAt: liveSince,
      ...data,
    });
  for (const m of team) {
    const positionId = m.seatId ?? `seat-${m.uid}`;
    await seat(positionId, {
      positionName: m.positionName,
      type: m.type,
      status: "FILLED",
      filledBy: m.uid,
    });
    await db.doc(`${paths.members(projectId)}/${m.uid}`).set({
      uid: m.uid,
      name: m.name,
      userName: m.userName,
      type: m.type,
      positionName: m.positionName,
      positionId,
      active: true,
      joinedAt: liveSince,
      leftAt: null,
    });
    await db
      .doc(paths.user(m.uid))
      .update({ currentProjectId: projectId, currentProjectTitle: title });
  }
  for (const s of openSeats) {
    await seat(s.id, {
      positionName: s.positionName,
      type: s.type,
      status: "OPEN",
      expectations: s.expectations ?? [],
    });
  }
}

const exec = promisify(execFile);

/** `npm run job -- <name> --at <at>` against the running stack; its output. */
export async function runJob(name: string, at: Date): Promise<string> {
  const { stdout } = await exec(
    "npm",
    ["run", "--silent", "job", "--", name, "--at", at.toISOString()],
    { cwd: repoRoot, env: { ...process.env, ...stackEnvironment() } },
  );
  return stdout;
}
