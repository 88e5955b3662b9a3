/**
 * Saturday 00:00, the end of Friday 23:59: the week's vote closes (docs/product-rules.md#votes-aggregation).
 * 1. Votes still pending expire.
 * 2. Removal requests from 50% or more of the other members open a removal review for an
 *    operations specialist (one per project, member and week; a decision already taken is kept).
 * 3. Every answer not yet counted is added to its target's averages, together with the written
 *    feedback (with its author), PROJECT_USER_GOTFEEDBACK and the answers marked counted, all in
 *    one atomic write that requires what it was computed from to be unchanged (many targets per
 *    batch; one transaction per target when a batch is stale): an answer is counted exactly once.
 * 4. Everyone who took part gets PROJECT_USER_VOTECOMPLETED.
 * Answers that arrive after a run (the last seconds of the vote) are counted by the next run.
 */
import { createHash } from "node:crypto";
import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Precondition,
  Timestamp,
  UpdateData,
} from "firebase-admin/firestore";
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
  mailTexts,
} from "@platform/common";
import { escapeHtml } from "../infra/mail.js";
import { staffEmails } from "./console-problems.js";
import { jobRunRef } from "./job-runs.js";
import {
  type JobNotification,
  jobNotification,
  writeMissingNotifications,
} from "./notifications.js";
import {
  BatchWriter,
  MAX_BATCH_WRITES,
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
  /** The version read: a count computed from it commits only if the answer is unchanged. */
  updateTime?: Timestamp;
}

/** Transactions or queries at once: each is a few round trips on documents of its own. */
const IN_FLIGHT = 32;
/** Batches of counts committed at once. */
const BATCHES_IN_FLIGHT = 4;

export async function closeVotes(ctx: JobContext): Promise<JobReport> {
  const { db, now, log } = ctx;
  const closed = lastClosedVoteWeek(now);
  const expired = await expirePendingVotes(db, closed);

  const unaggregated = (
    await db.collection(paths.voteAnswers).where("aggregatedAt", "==", null).get()
  ).docs
    .map((d) => ({ id: d.id, doc: d.data() as VoteAnswerDoc, updateTime: d.updateTime }))
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
  await mapLimit(projectIds, IN_FLIGHT, async (projectId) => {
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
  // One review (and its mails) per transaction: concurrent ones touch disjoint documents.
  await mapLimit(changed, IN_FLIGHT, ({ c, ref }) =>
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
    mailTexts.hello,
    mailTexts.removalReview.opened(r.projectTitle, r.targetName, r.weekId),
    mailTexts.removalReview.votes(r.otherMemberCount, r.requestCount, r.targetName),
    reasons.length > 0
      ? mailTexts.removalReview.reasons(reasons)
      : mailTexts.removalReview.noReasons,
    mailTexts.removalReview.howToDecide(id),
  ];
  return {
    to,
    message: {
      subject: mailTexts.removalReview.subject(r.targetName, r.projectTitle),
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line).replaceAll("\n", "<br>")}</p>`).join(""),
    },
    createdAt: timestamp(now),
  };
}

async function aggregateAnswers(db: Firestore, answers: Answer[], now: Date) {
  const byTarget = new Map<string, Answer[]>();
  for (const a of answers) {
    const list = byTarget.get(a.doc.targetUserId);
    if (list) list.push(a);
    else byTarget.set(a.doc.targetUserId, [a]);
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

  const results = await countInBatches(db, [...byTarget.entries()], authors, now);
  return {
    targets: results.filter((r) => r.answers > 0).length,
    answers: results.reduce((sum, r) => sum + r.answers, 0),
    feedbacks: results.reduce((sum, r) => sum + r.feedbacks, 0),
  };
}

type Counted = { answers: number; feedbacks: number };

/** What a Transaction and a WriteBatch share, for the writes of one target's count. */
interface WriteSink {
  set(ref: DocumentReference<DocumentData>, data: DocumentData): unknown;
  create(ref: DocumentReference<DocumentData>, data: DocumentData): unknown;
  update(
    ref: DocumentReference<DocumentData>,
    data: UpdateData<DocumentData>,
    precondition: Precondition,
  ): unknown;
}

/** Writes of one target's count: its averages, feedback, notification, answers marked counted. */
interface TargetCount extends Counted {
  writes: number;
  apply(sink: WriteSink): void;
}

/**
 * Counts many targets per batch: the answers and users were read in bulk, and each write carries
 * the version it was computed from (`lastUpdateTime`), so a batch commits only if nothing it read
 * has changed since, all or nothing. A batch that is refused (a concurrent run counted first, an
 * answer was changed) falls back to one transaction per target, which re-reads everything.
 */
async function countInBatches(
  db: Firestore,
  targets: [string, Answer[]][],
  authors: Map<string, UserDoc>,
  now: Date,
): Promise<Counted[]> {
  const notices = targets.map(([targetId, answers]) => feedbackNotices(db, targetId, answers, now));
  const [userSnaps, noticeSnaps] = await Promise.all([
    getAllChunked(
      db,
      targets.map(([targetId]) => db.doc(paths.user(targetId)) as DocumentReference<UserDoc>),
    ),
    getAllChunked(
      db,
      notices.flatMap((n) => [...n.values()].map((x) => x.ref)),
    ),
  ]);
  const notified = new Set(noticeSnaps.filter((s) => s.exists).map((s) => s.ref.path));

  const oneByOne: [string, Answer[]][] = [];
  const batches: { target: [string, Answer[]]; count: TargetCount }[][] = [[]];
  let size = 0;
  targets.forEach((target, i) => {
    const [targetId, answers] = target;
    if (!userSnaps[i]!.exists || answers.some((a) => !a.updateTime)) {
      oneByOne.push(target);
      return;
    }
    const count = countTarget(
      db,
      targetId,
      userSnaps[i]!,
      answers,
      notices[i]!,
      notified,
      authors,
      now,
    );
    if (count.writes > MAX_BATCH_WRITES) {
      oneByOne.push(target);
      return;
    }
    if (size + count.writes > MAX_BATCH_WRITES) {
      batches.push([]);
      size = 0;
    }
    batches[batches.length - 1]!.push({ target, count });
    size += count.writes;
  });

  const inTransactions = (list: [string, Answer[]][]) =>
    mapLimit(list, IN_FLIGHT, ([targetId, answers]) =>
      aggregateTarget(db, targetId, answers, authors, now),
    );
  const batched = await mapLimit(batches, BATCHES_IN_FLIGHT, async (batch) => {
    if (batch.length === 0) return [];
    const writes = db.batch();
    for (const { count } of batch) count.apply(writes);
    try {
      await writes.commit();
      return batch.map(({ count }) => count);
    } catch (err) {
      if (!isStale(err)) throw err;
      return inTransactions(batch.map(({ target }) => target));
    }
  });
  return [...batched.flat(), ...(await inTransactions(oneByOne))];
}

/** gRPC codes of a commit refused because a document changed since it was read. */
const STALE = new Set([5 /* NOT_FOUND */, 6 /* ALREADY_EXISTS */, 9 /* FAILED_PRECONDITION */]);

function isStale(err: unknown): boolean {
  return STALE.has((err as { code?: unknown }).code as number);
}

/** PROJECT_USER_GOTFEEDBACK for each week a target has answers in, by week. */
function feedbackNotices(
  db: Firestore,
  targetId: string,
  answers: Answer[],
  now: Date,
): Map<string, JobNotification> {
  const notices = new Map<string, JobNotification>();
  for (const a of answers) {
    if (notices.has(a.doc.weekId)) continue;
    notices.set(
      a.doc.weekId,
      jobNotification(db, {
        type: "PROJECT_USER_GOTFEEDBACK",
        userId: targetId,
        eventKey: a.doc.weekId,
        content: { projectId: a.doc.projectId },
        now,
      }),
    );
  }
  return notices;
}

/** One target's answers, counted once, in one transaction. */
async function aggregateTarget(
  db: Firestore,
  targetId: string,
  answers: Answer[],
  authors: Map<string, UserDoc>,
  now: Date,
): Promise<Counted> {
  const userRef = db.doc(paths.user(targetId)) as DocumentReference<UserDoc>;
  const answerRefs = answers.map(
    (a) => db.collection(paths.voteAnswers).doc(a.id) as DocumentReference<VoteAnswerDoc>,
  );
  const notices = feedbackNotices(db, targetId, answers, now);
  return db.runTransaction(async (tx) => {
    const [userSnap, answerSnaps, noticeSnaps] = await Promise.all([
      tx.get(userRef),
      tx.getAll(...answerRefs),
      tx.getAll(...[...notices.values()].map((n) => n.ref)),
    ]);
    const fresh = answerSnaps
      .filter((s) => s.exists && !s.data()!.aggregatedAt)
      .map((s) => ({ id: s.id, doc: s.data()!, updateTime: s.updateTime }));
    if (fresh.length === 0) return { answers: 0, feedbacks: 0 };
    const notified = new Set(noticeSnaps.filter((s) => s.exists).map((s) => s.ref.path));
    const count = countTarget(db, targetId, userSnap, fresh, notices, notified, authors, now);
    count.apply(tx);
    return { answers: count.answers, feedbacks: count.feedbacks };
  });
}

/**
 * The writes that count `fresh` (answers not counted yet) into the target's averages, each
 * conditional on the version of the document it was computed from.
 */
function countTarget(
  db: Firestore,
  targetId: string,
  userSnap: DocumentSnapshot<UserDoc>,
  fresh: Answer[],
  notices: Map<string, JobNotification>,
  notified: Set<string>,
  authors: Map<string, UserDoc>,
  now: Date,
): TargetCount {
  const writes: ((sink: WriteSink) => void)[] = [];
  const userRef = db.doc(paths.user(targetId));
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
    writes.push((sink) =>
      sink.update(
        userRef,
        { ...next, updatedAt: timestamp(now) },
        { lastUpdateTime: userSnap.updateTime! },
      ),
    );
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
    writes.push((sink) => sink.set(db.collection(paths.feedbacks(targetId)).doc(a.id), feedback));
  }
  for (const weekId of new Set(withFeedback.map((a) => a.doc.weekId))) {
    const notice = notices.get(weekId)!;
    if (notified.has(notice.ref.path)) continue;
    writes.push((sink) => sink.create(notice.ref, notice.doc as NotificationDoc));
  }
  for (const a of fresh) {
    writes.push((sink) =>
      sink.update(
        db.collection(paths.voteAnswers).doc(a.id),
        { aggregatedAt: timestamp(now) },
        { lastUpdateTime: a.updateTime! },
      ),
    );
  }
  return {
    answers: fresh.length,
    feedbacks: withFeedback.length,
    writes: writes.length,
    apply: (sink) => writes.forEach((write) => write(sink)),
  };
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
