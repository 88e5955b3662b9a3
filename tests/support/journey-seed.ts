/**
 * Helpers of the member journeys: a live project with its team and open seats, and the scheduled
 * jobs run through the same CLI as `npm run job`.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type MemberType, paths } from "@platform/common";
import { builders, teamMember } from "@platform/common/testing";
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
  const build = builders(liveSince);
  const started = team.length > 0;
  const project = build.project(projectId, {
    title,
    definition: `${title}: haftalık ekiplerle geliştirilen proje.`,
    status: started ? "Ongoing" : "NotStarted",
    goLiveAt: liveSince,
    liveSince,
    startedAt: started ? liveSince : null,
    completed_percentage: 10,
    openPositionCount: openSeats.length,
    team: team.map(teamMember),
  });
  await db.doc(project.path).set(project.data);
  const window_ = { windowStartsAt: window.startsAt, windowEndsAt: window.endsAt };
  for (const m of team) {
    const positionId = m.seatId ?? `seat-${m.uid}`;
    const seat = build.position(projectId, positionId, {
      ...window_,
      positionName: m.positionName,
      type: m.type,
      status: "FILLED",
      filledBy: m.uid,
    });
    await db.doc(seat.path).set(seat.data);
    const member = build.member(projectId, m, { positionId });
    await db.doc(member.path).set(member.data);
    await db
      .doc(paths.user(m.uid))
      .update({ currentProjectId: projectId, currentProjectTitle: title });
  }
  for (const s of openSeats) {
    const seat = build.position(projectId, s.id, {
      ...window_,
      positionName: s.positionName,
      type: s.type,
      expectations: s.expectations ?? [],
    });
    await db.doc(seat.path).set(seat.data);
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
