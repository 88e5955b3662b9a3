/**
 * Friday 12:00: the week's vote opens (docs/product-rules.md#votes-who-rates-whom). Every live team of two or more gets
 * its pending votes (who votes on whom: `planTeamVotes`) and each voter a PROJECT_USER_VOTETIME
 * notification carrying the vote id. A team is done when its run record is written, after all
 * its votes; votes that exist already (an interrupted run) are left untouched, answered or not.
 */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import {
  type MemberDoc,
  type ProjectDoc,
  type UserDoc,
  type VoteDoc,
  type VoteWeek,
  collectionGroups,
  isVoteOpen,
  paths,
  planTeamVotes,
  teamVotes,
  voteId,
  voteWeekOf,
} from "@platform/common";
import { jobRunRef } from "./job-runs.js";
import { jobNotification } from "./notifications.js";
import {
  BatchWriter,
  type JobContext,
  type JobReport,
  getAllChunked,
  mapLimit,
  timestamp,
} from "./runtime.js";

interface TeamSeat {
  uid: string;
  member: MemberDoc;
}

export async function openVotes({ db, now, log }: JobContext): Promise<JobReport> {
  const week = voteWeekOf(now);
  if (!isVoteOpen(now)) {
    log(`open-votes: the vote of ${week.weekId} is not open at ${now.toISOString()}`);
    return { weekId: week.weekId, opened: false };
  }

  const active = await db
    .collectionGroup(collectionGroups.members)
    .where("active", "==", true)
    // The order makes the query match the (active, joinedAt) collection-group index.
    .orderBy("joinedAt")
    .get();
  const teams = new Map<string, TeamSeat[]>();
  for (const doc of active.docs) {
    const projectId = doc.ref.parent.parent!.id;
    teams.set(projectId, [
      ...(teams.get(projectId) ?? []),
      { uid: doc.id, member: doc.data() as MemberDoc },
    ]);
  }
  const projectIds = [...teams.keys()].sort();
  const [projects, runs] = await Promise.all([
    getAllChunked(
      db,
      projectIds.map((id) => db.doc(paths.project(id)) as DocumentReference<ProjectDoc>),
    ),
    getAllChunked(
      db,
      projectIds.map((id) => jobRunRef(db, runId(week.weekId, id))),
    ),
  ]);
  const done = new Set(runs.filter((r) => r.exists).map((r) => r.id));
  const toOpen = projects.filter((p) => {
    const project = p.data();
    return (
      project !== undefined &&
      !done.has(runId(week.weekId, p.id)) &&
      teamVotes(
        { isLive: project.isLive === true, status: project.status },
        teams.get(p.id)!.length,
      )
    );
  });

  const userIds = [...new Set(toOpen.flatMap((p) => teams.get(p.id)!.map((s) => s.uid)))];
  const users = new Map(
    (
      await getAllChunked(
        db,
        userIds.map((uid) => db.doc(paths.user(uid)) as DocumentReference<UserDoc>),
      )
    )
      .filter((s) => s.exists)
      .map((s) => [s.id, s.data()!]),
  );

  // Each team's votes are its own documents: teams open concurrently without contention.
  const opened = await mapLimit(toOpen, TEAMS_IN_FLIGHT, async (p) =>
    openTeamVotes(db, week, p.id, p.data()!, teams.get(p.id)!, users, now),
  );
  const votes = opened.reduce((sum, n) => sum + n, 0);
  log(`open-votes: ${week.weekId}: ${toOpen.length} teams, ${votes} new votes`);
  return {
    weekId: week.weekId,
    opened: true,
    teams: toOpen.length,
    teamsAlreadyOpen: done.size,
    votes,
  };
}

/** Teams opened at once: a team is a read and a commit, mostly network round trips. */
const TEAMS_IN_FLIGHT = 16;

const runId = (weekId: string, projectId: string) => `open-votes-${weekId}-${projectId}`;

async function openTeamVotes(
  db: Firestore,
  week: VoteWeek,
  projectId: string,
  project: ProjectDoc,
  seats: TeamSeat[],
  users: Map<string, UserDoc>,
  now: Date,
): Promise<number> {
  const seatOf = new Map(seats.map((s) => [s.uid, s.member]));
  const planned = planTeamVotes(
    seats.map((s) => ({
      uid: s.uid,
      type: s.member.type,
      skills: (users.get(s.uid)?.skills ?? []).map((skill) => skill.name),
    })),
  );
  const refs = planned.map(
    (v) =>
      db
        .collection(paths.votes)
        .doc(voteId(week.weekId, v.voterId, v.targetUserId)) as DocumentReference<VoteDoc>,
  );
  const existing = new Set(
    (await getAllChunked(db, refs)).filter((s) => s.exists).map((s) => s.id),
  );

  const writer = new BatchWriter(db);
  let written = 0;
  for (const [i, v] of planned.entries()) {
    const ref = refs[i]!;
    if (existing.has(ref.id)) continue;
    const target = seatOf.get(v.targetUserId)!;
    const vote: VoteDoc = {
      voterId: v.voterId,
      targetUserId: v.targetUserId,
      targetUser: { name: target.name, userName: target.userName, type: target.type },
      projectId,
      weekId: week.weekId,
      kind: v.kind,
      skills: v.skills,
      status: "PENDING",
      opensAt: timestamp(week.opensAt),
      closesAt: timestamp(week.closesAt),
      completedAt: null,
    };
    const notification = jobNotification(db, {
      type: "PROJECT_USER_VOTETIME",
      userId: v.voterId,
      eventKey: ref.id,
      content: { projectId, projectTitle: project.title, targetUser: target.name, voteId: ref.id },
      now,
    });
    // The vote and its notification land together: an existing vote means both were written.
    await writer.group(2, (batch) => {
      batch.set(ref, vote);
      batch.set(notification.ref, notification.doc);
    });
    written++;
  }
  await writer.group(1, (batch) =>
    batch.set(jobRunRef(db, runId(week.weekId, projectId)), {
      weekId: week.weekId,
      projectId,
      votes: planned.length,
      openedAt: timestamp(now),
    }),
  );
  await writer.flush();
  return written;
}
