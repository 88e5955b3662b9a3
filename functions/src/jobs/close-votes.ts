/**
 * Saturday 00:00, the end of Friday 23:59: the week's vote closes (spec §1, §3, design §4).
 * 1. Votes still pending expire.
 * 2. Removal requests from 50% or more of the other members open a removal review for an
 *    operations specialist (one per project, member and week; a decision already taken is kept).
 * 3. Every answer not yet counted is added to its target's averages, in one transaction per
 *    target that also stores the written feedback (with its author), sends
 *    PROJECT_USER_GOTFEEDBACK and marks the answers counted: an answer is counted exactly once.
 * 4. Everyone who took part gets PROJECT_USER_VOTECOMPLETED.
 * Answers that arrive after a run (the last seconds of the vote) are counted by the next run.
 */
import { createHash } from "node:crypto";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import {
  type FeedbackDoc,
  type MemberDoc,
  type NotificationDoc,
  type ProjectDoc,
  type MailDoc,
  type RemovalReviewDoc,
  type UserDoc,
  type VoteAnswerDoc,
  type VoteWeek,
  aggregateRatings,
  lastClosedVoteWeek,
  membersAt,
  paths,
  removalCases,
  removalReviewId,
  voteWeekById,
} from "@platform/common";
import { escapeHtml } from "../infra/mail.js";
import { staffEmails } from "./console-problems.js";
import { jobRunRef } from "./job-runs.js";
import { jobNotification, writeMissingNotifications } from "./notifications.js";
import {
  BatchWriter,
  type JobContext,
  type JobReport,
  getAllChunked,
  mapLimit,
  timestamp,
  toDate,
} from "./runtime.js";

interface CloseVotesRun {
  weekId: string;
  completedNotified: boolean;
}

interface Answer {
  id: string;
  doc: VoteAnswerDoc;
}

export async function closeVotes(ctx: JobContext): Promise<JobReport> {
  const { db, now, log } = ctx;
  const closed = lastClosedVoteWeek(now);
  const expired = await expirePendingVotes(db, closed);

  const unaggregated = (
    await db.collection(paths.voteAnswers).where("aggregatedAt", "==", null).get()
  ).docs
    .map((d) => ({ id: d.id, doc: d.data() as VoteAnswerDoc }))
    .filter((a) => isClosed(a.doc.weekId, now));
  const weeks = [...new Set([closed.weekId, ...unaggregated.map((a) => a.doc.weekId)])].sort();

  let reviews = 0;
  for (const week of weeks) reviews += await openRemovalReviews(db, voteWeekById(week), now);
  const aggregated = await aggregateAnswers(db, unaggregated, now);
  const notified = await notifyVoteCompleted(db, closed, now);
  log(
    `close-votes: ${closed.weekId}: ${expired} expired, ${aggregated.answers} answers counted for ` +
      `${aggregated.targets} members, ${reviews} removal reviews`,
  );
  return {
    weekId: closed.weekId,
    expiredVotes: expired,
    answersCounted: aggregated.answers,
    membersRated: aggregated.targets,
    feedbacks: aggregated.feedbacks,
    removalReviews: reviews,
    completedNotifications: notified,
  };
}

function isClosed(weekId: string, now: Date): boolean {
  try {
    return voteWeekById(weekId).closesAt.getTime() <= now.getTime();
  } catch {
    return false; // a malformed week id is not ours to count
  }
}

async function expirePendingVotes(db: Firestore, week: VoteWeek): Promise<number> {
  const pending = await db
    .collection(paths.votes)
    .where("weekId", "==", week.weekId)
    .where("status", "==", "PENDING")
    .get();
  const writer = new BatchWriter(db);
  for (const vote of pending.docs) {
    await writer.group(1, (batch) => batch.update(vote.ref, { status: "EXPIRED" }));
  }
  await writer.flush();
  return pending.size;
}

/** Removal reviews of a week, from all of its requests (counted or not: the count is stable). */
async function openRemovalReviews(db: Firestore, week: VoteWeek, now: Date): Promise<number> {
  const requests = await db
    .collection(paths.voteAnswers)
    .where("weekId", "==", week.weekId)
    .where("discardWanted", "==", true)
    .get();
  if (requests.empty) return 0;
  const answers = requests.docs.map((d) => d.data() as VoteAnswerDoc);
  const projectIds = [...new Set(answers.map((a) => a.projectId))];
  const rosters = new Map<string, Set<string>>();
  const memberDocs = new Map<string, MemberDoc>();
  await mapLimit(projectIds, 8, async (projectId) => {
    const members = (await db.collection(paths.members(projectId)).get()).docs.map(
      (d) => d.data() as MemberDoc,
    );
    for (const m of members) memberDocs.set(`${projectId}/${m.uid}`, m);
    rosters.set(
      projectId,
      membersAt(
        members.map((m) => ({
          userId: m.uid,
          joinedAt: toDate(m.joinedAt)!,
          leftAt: toDate(m.leftAt),
        })),
        week.opensAt,
      ),
    );
  });
  const cases = removalCases(
    answers.map((a) => ({
      voterId: a.voterId,
      targetUserId: a.targetUserId,
      projectId: a.projectId,
      reason: a.discardReason ?? "",
    })),
    (projectId) => rosters.get(projectId) ?? new Set(),
  );
  const refs = cases.map(
    (c) =>
      db
        .collection(paths.removalReviews)
        .doc(
          removalReviewId(c.projectId, c.targetUserId, week.weekId),
        ) as DocumentReference<RemovalReviewDoc>,
  );
  const existing = await getAllChunked(db, refs);
  // Only new cases, or cases that late requests changed, need a write.
  const changed = cases
    .map((c, i) => ({ c, ref: refs[i]!, before: existing[i]!.data() }))
    .filter(({ c, before }) => !before || before.requestCount !== c.requestCount);
  const projectIdsToName = [...new Set(changed.map(({ c }) => c.projectId))];
  const titles = new Map(
    (
      await getAllChunked(
        db,
        projectIdsToName.map((id) => db.doc(paths.project(id)) as DocumentReference<ProjectDoc>),
      )
    ).map((s) => [s.id, s.data()?.title ?? ""]),
  );
  const opsEmails = changed.length > 0 ? await staffEmails(db, "ops") : [];
  await mapLimit(changed, 8, ({ c, ref }) =>
    db.runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      const counts = {
        requestCount: c.requestCount,
        otherMemberCount: c.otherMemberCount,
        reasons: c.reasons,
      };
      if (current) {
        // Late requests may raise the count; the decision, if any, stays.
        if (current.requestCount !== c.requestCount) tx.update(ref, counts);
        return;
      }
      const review: RemovalReviewDoc = {
        projectId: c.projectId,
        projectTitle: titles.get(c.projectId) ?? "",
        targetUserId: c.targetUserId,
        targetName: memberDocs.get(`${c.projectId}/${c.targetUserId}`)?.name ?? "",
        weekId: week.weekId,
        ...counts,
        decision: null,
        decidedBy: null,
        appliedAt: null,
        createdAt: timestamp(now),
      };
      tx.create(ref, review);
      // Every operations specialist is told, with the case and what to write in the console.
      for (const to of opsEmails) {
        const id = `removal-review-${ref.id}-${createHash("sha256").update(to).digest("hex").slice(0, 12)}`;
        tx.set(db.collection(paths.mail).doc(id), removalReviewMail(to, ref.id, review, now));
      }
    }),
  );
  return cases.length;
}

/** The mail to an operations specialist about a new removal review. */
function removalReviewMail(to: string, id: string, r: RemovalReviewDoc, now: Date): MailDoc {
  const reasons = r.reasons.filter((x) => x.trim() !== "");
  const lines = [
    "Merhaba,",
    `"${r.projectTitle}" projesinde ${r.targetName} için çıkarma incelemesi açıldı (hafta ${r.weekId}).`,
    `Oylar: diğer ${r.otherMemberCount} ekip üyesinden ${r.requestCount} kişi ${r.targetName} adlı üyenin ekipten çıkarılmasını istedi.`,
    reasons.length > 0
      ? `Gerekçeler:\n${reasons.map((x) => `- ${x}`).join("\n")}`
      : "Gerekçe yazılmadı.",
    `Kararınızı Firebase konsolunda removalReviews/${id} belgesine yazın: decision alanına (string) "REMOVE" (üye ekipten çıkarılır) ya da "KEEP" (üye ekipte kalır), decidedBy alanına (string) e-posta adresinizi. Karar birkaç dakika içinde uygulanır.`,
  ];
  return {
    to,
    message: {
      subject: `Çıkarma incelemesi: ${r.targetName} (${r.projectTitle})`,
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line).replaceAll("\n", "<br>")}</p>`).join(""),
    },
    createdAt: timestamp(now),
  };
}

async function aggregateAnswers(db: Firestore, answers: Answer[], now: Date) {
  const byTarget = new Map<string, Answer[]>();
  for (const a of answers) {
    byTarget.set(a.doc.targetUserId, [...(byTarget.get(a.doc.targetUserId) ?? []), a]);
  }
  const authorIds = [
    ...new Set(answers.filter((a) => a.doc.feedback?.trim()).map((a) => a.doc.voterId)),
  ];
  const authors = new Map(
    (
      await getAllChunked(
        db,
        authorIds.map((uid) => db.doc(paths.user(uid)) as DocumentReference<UserDoc>),
      )
    )
      .filter((s) => s.exists)
      .map((s) => [s.id, s.data()!]),
  );

  const results = await mapLimit([...byTarget.entries()], 16, ([targetId, targetAnswers]) =>
    aggregateTarget(db, targetId, targetAnswers, authors, now),
  );
  return {
    targets: results.filter((r) => r.answers > 0).length,
    answers: results.reduce((sum, r) => sum + r.answers, 0),
    feedbacks: results.reduce((sum, r) => sum + r.feedbacks, 0),
  };
}

/** One target's answers, counted once, in one transaction. */
async function aggregateTarget(
  db: Firestore,
  targetId: string,
  answers: Answer[],
  authors: Map<string, UserDoc>,
  now: Date,
): Promise<{ answers: number; feedbacks: number }> {
  const userRef = db.doc(paths.user(targetId)) as DocumentReference<UserDoc>;
  const answerRefs = answers.map(
    (a) => db.collection(paths.voteAnswers).doc(a.id) as DocumentReference<VoteAnswerDoc>,
  );
  const weeks = [...new Set(answers.map((a) => a.doc.weekId))];
  const feedbackNotices = weeks.map((weekId) =>
    jobNotification(db, {
      type: "PROJECT_USER_GOTFEEDBACK",
      userId: targetId,
      eventKey: weekId,
      content: {
        projectId: answers.find((a) => a.doc.weekId === weekId)!.doc.projectId,
      },
      now,
    }),
  );
  return db.runTransaction(async (tx) => {
    const [userSnap, answerSnaps, noticeSnaps] = await Promise.all([
      tx.get(userRef),
      tx.getAll(...answerRefs),
      tx.getAll(...feedbackNotices.map((n) => n.ref)),
    ]);
    const fresh = answerSnaps
      .filter((s) => s.exists && !s.data()!.aggregatedAt)
      .map((s) => ({ id: s.id, doc: s.data()! }));
    if (fresh.length === 0) return { answers: 0, feedbacks: 0 };

    const user = userSnap.data();
    if (user) {
      const next = aggregateRatings(
        {
          totalRate: user.totalRate ?? null,
          rateCount: user.rateCount ?? 0,
          skillVotes: user.skillVotes ?? {},
          skillVoteCounts: user.skillVoteCounts ?? {},
        },
        fresh.map((a) => ({ scores: a.doc.scores ?? null, skillVotes: a.doc.skillVotes ?? {} })),
      );
      tx.update(userRef, { ...next, updatedAt: timestamp(now) });
    }

    const withFeedback = user ? fresh.filter((a) => a.doc.feedback?.trim()) : [];
    for (const a of withFeedback) {
      const author = authors.get(a.doc.voterId);
      const feedback: FeedbackDoc = {
        evaluatorId: a.doc.voterId,
        evaluatorUser: {
          name: author?.name ?? "",
          userName: author?.userName ?? "",
          position: author?.position ?? null,
        },
        feedback: a.doc.feedback.trim(),
        projectId: a.doc.projectId,
        weekId: a.doc.weekId,
        updatedAt: timestamp(now),
      };
      tx.set(db.collection(paths.feedbacks(targetId)).doc(a.id), feedback);
    }
    const feedbackWeeks = new Set(withFeedback.map((a) => a.doc.weekId));
    feedbackNotices.forEach((notice, i) => {
      if (feedbackWeeks.has(weeks[i]!) && !noticeSnaps[i]!.exists) {
        tx.create(notice.ref, notice.doc as NotificationDoc);
      }
    });
    for (const a of fresh) {
      tx.update(db.collection(paths.voteAnswers).doc(a.id), { aggregatedAt: timestamp(now) });
    }
    return { answers: fresh.length, feedbacks: withFeedback.length };
  });
}

/** PROJECT_USER_VOTECOMPLETED to every voter and target of the week, once. */
async function notifyVoteCompleted(db: Firestore, week: VoteWeek, now: Date): Promise<number> {
  const runRef = jobRunRef<CloseVotesRun>(db, `close-votes-${week.weekId}`);
  if ((await runRef.get()).data()?.completedNotified) return 0;
  const votes = await db
    .collection(paths.votes)
    .where("weekId", "==", week.weekId)
    .select("voterId", "targetUserId", "projectId")
    .get();
  const projectOf = new Map<string, string>();
  for (const v of votes.docs) {
    projectOf.set(v.get("voterId") as string, v.get("projectId") as string);
    projectOf.set(v.get("targetUserId") as string, v.get("projectId") as string);
  }
  const notices = [...projectOf.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([userId, projectId]) =>
      jobNotification(db, {
        type: "PROJECT_USER_VOTECOMPLETED",
        userId,
        eventKey: week.weekId,
        content: { projectId },
        now,
      }),
    );
  const writer = new BatchWriter(db);
  const written = await writeMissingNotifications(db, writer, notices);
  await writer.flush();
  await runRef.set({ weekId: week.weekId, completedNotified: true });
  return written;
}
