/** The weekly survey from the voter's side: pending votes, submitting one, feedback, mentor end. */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import {
  type FeedbackDoc,
  type FeedbackDto,
  type PendingVoteDto,
  type VoteAnswerDoc,
  type VoteDoc,
  type VoteSubmissionInput,
  messages,
  paths,
  validateVoteSubmission,
  voteState,
  voteWeekFor,
} from "@platform/common";
import { type AuthUser, isStaff } from "../domain/viewer.js";
import { conflict, forbidden, invalid, notFound } from "../domain/errors.js";
import { toDate, ts } from "../infra/firestore.js";
import { feedbackDto, pendingVoteDto } from "./dto.js";
import { userRef } from "./refs.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

const voteRef = (db: Firestore, id: string) =>
  db.collection(paths.votes).doc(id) as DocumentReference<VoteDoc>;
const answerRef = (db: Firestore, id: string) =>
  db.collection(paths.voteAnswers).doc(id) as DocumentReference<VoteAnswerDoc>;

/** The caller's votes still waiting for an answer (not closed yet). */
export async function pendingVotes(
  uid: string,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
): Promise<PendingVoteDto[]> {
  const snap = await db
    .collection(paths.votes)
    .where("voterId", "==", uid)
    .where("status", "==", "PENDING")
    .orderBy("opensAt", "desc")
    .get();
  return snap.docs
    .map((d) => ({ id: d.id, v: d.data() as VoteDoc }))
    .filter(({ v }) => (toDate(v.closesAt)?.getTime() ?? 0) >= now.getTime())
    .map(({ id, v }) => pendingVoteDto(id, v));
}

async function ownVote(db: Firestore, uid: string, voteId: string) {
  const snap = await voteRef(db, voteId).get();
  if (!snap.exists) throw notFound(messages.votes.notFound);
  if (snap.data()!.voterId !== uid) throw forbidden();
  return snap.data()!;
}

export async function pendingVote(
  uid: string,
  voteId: string,
  { db }: ServiceDeps = productionDeps(),
): Promise<PendingVoteDto> {
  return pendingVoteDto(voteId, await ownVote(db, uid, voteId));
}

/** Submits a vote once, by its voter, while the week's vote is open (docs/product-rules.md#votes-submission). */
export async function completeVote(
  uid: string,
  voteId: string,
  input: VoteSubmissionInput,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
) {
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(voteRef(db, voteId));
    const vote = snap.data();
    if (!vote) throw notFound(messages.votes.notFound);
    if (vote.voterId !== uid) throw forbidden();
    const state = voteState(
      { status: vote.status, opensAt: toDate(vote.opensAt)!, closesAt: toDate(vote.closesAt)! },
      now,
    );
    if (state === "COMPLETED") throw conflict(messages.votes.alreadyCompleted);
    if (state === "NOT_YET_OPEN") throw conflict(messages.votes.notOpen);
    if (state === "CLOSED") throw conflict(messages.votes.closed);
    const checked = validateVoteSubmission(vote.kind, vote.skills ?? [], input);
    if (!checked.ok) throw invalid(checked.message);
    const answer: VoteAnswerDoc = {
      voterId: uid,
      targetUserId: vote.targetUserId,
      projectId: vote.projectId,
      weekId: vote.weekId,
      kind: vote.kind,
      ...checked.value,
      submittedAt: ts(now),
      aggregatedAt: null,
    };
    tx.create(answerRef(db, voteId), answer);
    tx.update(voteRef(db, voteId), { status: "COMPLETED", completedAt: ts(now) });
  });
  return { voteId, status: "COMPLETED" as const };
}

/** Written feedback about a member: their own, or anyone's for HR and admin (docs/product-rules.md#votes-anonymity). */
export async function feedbacks(
  viewer: AuthUser,
  userId: string | undefined,
  { db }: ServiceDeps = productionDeps(),
): Promise<FeedbackDto[]> {
  const target = userId ?? viewer.uid;
  if (target !== viewer.uid && !isStaff(viewer, "hr", "admin")) throw forbidden();
  const snap = await db.collection(paths.feedbacks(target)).orderBy("updatedAt", "desc").get();
  return snap.docs.map((d) => feedbackDto(d.id, d.data() as FeedbackDoc));
}

/**
 * A Junior asks to end the work with the Senior of their project: a removal request on the
 * mentor for the coming vote (docs/product-rules.md#mentor-end), counted with the week's other removal requests.
 */
export async function discardWantedSenior(
  uid: string,
  seniorId: string,
  reason: string,
  now: Date,
  { db }: ServiceDeps = productionDeps(),
) {
  if (uid === seniorId) throw forbidden(messages.votes.discardNotAllowed);
  const week = voteWeekFor(now);
  const id = `mentor_${week}_${uid}_${seniorId}`;
  await db.runTransaction(async (tx) => {
    const [meSnap, seniorSnap, existing] = await Promise.all([
      tx.get(userRef(db, uid)),
      tx.get(userRef(db, seniorId)),
      tx.get(answerRef(db, id)),
    ]);
    const me = meSnap.data();
    const senior = seniorSnap.data();
    if (!senior) throw notFound(messages.users.notFound);
    if (senior.type !== "SENIOR") throw invalid(messages.votes.discardTargetNotSenior);
    if (
      !me ||
      me.type !== "JUNIOR" ||
      !me.currentProjectId ||
      me.currentProjectId !== senior.currentProjectId
    ) {
      throw forbidden(messages.votes.discardNotAllowed);
    }
    if (existing.exists) throw conflict(messages.votes.discardAlready);
    const answer: VoteAnswerDoc = {
      voterId: uid,
      targetUserId: seniorId,
      projectId: me.currentProjectId,
      weekId: week,
      kind: "MENTOR",
      scores: null,
      feedback: "",
      discardWanted: true,
      discardReason: reason,
      skillVotes: {},
      submittedAt: ts(now),
      aggregatedAt: null,
    };
    tx.create(answerRef(db, id), answer);
  });
  return { requestId: id, weekId: week };
}
