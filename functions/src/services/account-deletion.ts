/**
 * Deleting a member's account (KVKK md. 7, the right to erasure). The request writes a deletion
 * record `accountDeletions/{uid}` (server only) first; then the steps of ACCOUNT_DELETION_STEPS
 * run in order, each idempotent, and the record notes the last one finished, so a crash midway is
 * resumed by the next request or by the daily `retention` job. The record goes last, so when it is
 * gone nothing in Firestore names the member.
 *
 * Pseudonymisation: what others still need keeps its content under a random pseudonym
 * ("silinmis-…") that replaces the uid in fields and document ids: vote answers they gave, payout
 * statements (kept for the accounting retention period), membership history; feedback they wrote
 * reads "Silinmiş Üye". The pseudonym lives only in the deletion record, which is deleted at the
 * end, so nothing links it back to the person.
 */
import { randomBytes } from "node:crypto";
import type { Auth } from "firebase-admin/auth";
import {
  type DocumentData,
  type DocumentReference,
  FieldPath,
  FieldValue,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  Timestamp,
} from "firebase-admin/firestore";
import {
  type AccountDeletionStep,
  DELETED_MEMBER_NAME,
  DELETED_MEMBER_USERNAME,
  type MemberDepartureDoc,
  type MemberDoc,
  type PositionDoc,
  type ProjectDoc,
  collectionGroups,
  deletedMemberPseudonym,
  seatWindow,
  nextDeletionStep,
  paths,
  registrationKey,
} from "@platform/common";
import { DEFAULT_RATE_LIMITS, type LimitName } from "../config.js";
import { toDate, ts, windowFields } from "../infra/firestore.js";
import { recordSeatOpening } from "../infra/hiring.js";
import { notificationDoc } from "../infra/notifications.js";
import { limitCounterId } from "../infra/rate-limits.js";

/** A bucket as firebase-admin's Storage hands it out (only what the deletion uses). */
export interface DeletionBucket {
  deleteFiles(options: { prefix: string; force?: boolean }): Promise<unknown>;
}

export interface DeletionDeps {
  db: Firestore;
  auth: Pick<Auth, "revokeRefreshTokens" | "deleteUser">;
  bucket: DeletionBucket;
}

/** `accountDeletions/{uid}`: server only; removed when the deletion is complete. */
export interface AccountDeletionDoc {
  uid: string;
  email: string;
  pseudonym: string;
  requestedAt: Timestamp;
  /** The last step finished; null before the first. */
  done: AccountDeletionStep | null;
  updatedAt: Timestamp;
}

const PAGE = 400;

export const deletionRef = (db: Firestore, uid: string) =>
  db.collection(paths.accountDeletions).doc(uid) as DocumentReference<AccountDeletionDoc>;

/**
 * Writes the deletion record unless one exists (a repeated request resumes the first). The e-mail
 * is kept in it until the end: the mail and limiter steps need it after the profile is gone.
 */
export async function startAccountDeletion(
  db: Firestore,
  uid: string,
  email: string,
  now: Date,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = deletionRef(db, uid);
    if ((await tx.get(ref)).exists) return;
    tx.create(ref, {
      uid,
      email,
      pseudonym: deletedMemberPseudonym(randomBytes(10).toString("hex")),
      requestedAt: ts(now),
      done: null,
      updatedAt: ts(now),
    });
  });
}

/** Runs the remaining steps of a started deletion; returns the steps this call ran. */
export async function runAccountDeletion(
  deps: DeletionDeps,
  uid: string,
  now: Date,
): Promise<AccountDeletionStep[]> {
  const ref = deletionRef(deps.db, uid);
  const snap = await ref.get();
  if (!snap.exists) return [];
  const record = snap.data()!;
  const ran: AccountDeletionStep[] = [];
  for (let step = nextDeletionStep(record.done); step; step = nextDeletionStep(step)) {
    await STEPS[step](deps, record, now);
    ran.push(step);
    if (step === "profile") await ref.delete();
    else await ref.update({ done: step, updatedAt: ts(now) });
  }
  return ran;
}

type Step = (deps: DeletionDeps, record: AccountDeletionDoc, now: Date) => Promise<void>;

const STEPS: Record<AccountDeletionStep, Step> = {
  auth: deleteAuthUser,
  memberships: endMemberships,
  applications: withdrawApplications,
  votes: removeVotes,
  feedback: anonymiseFeedback,
  notifications: removeNotifications,
  statements: pseudonymiseStatements,
  images: removeImageRecords,
  storage: removeStorage,
  mail: removeMail,
  records: removeServerRecords,
  profile: removeProfile,
};

/** Sign-in ends at once: refresh tokens revoked, then the Auth user deleted. */
async function deleteAuthUser({ auth }: DeletionDeps, { uid }: AccountDeletionDoc) {
  try {
    await auth.revokeRefreshTokens(uid);
    await auth.deleteUser(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
  }
}

/** Applies `write` to every document of `query`, page by page; `write` must take it out of it. */
async function drain(
  db: Firestore,
  query: Query,
  write: (batch: FirebaseFirestore.WriteBatch, doc: QueryDocumentSnapshot) => void,
): Promise<void> {
  for (;;) {
    const page = await query.limit(PAGE).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const d of page.docs) write(batch, d);
    await batch.commit();
    if (page.size < PAGE) return;
  }
}

/** The uid replaced by the pseudonym in a document id ("2026-11-20_uidA_uidB"). */
const rekey = (id: string, uid: string, pseudonym: string) => id.split(uid).join(pseudonym);

/**
 * Memberships end like a voluntary leave: an active one closes, its seat reopens with a fresh
 * window and the team is told (as "Silinmiş Üye"). Every membership record (history the profit
 * share counts days from) then moves to the pseudonym, without name, and its departure record goes.
 */
async function endMemberships({ db }: DeletionDeps, record: AccountDeletionDoc, now: Date) {
  const { uid, pseudonym } = record;
  const memberships = await db
    .collectionGroup(collectionGroups.members)
    .where("uid", "==", uid)
    .get();
  for (const m of memberships.docs) {
    const projectRef = m.ref.parent.parent! as DocumentReference<ProjectDoc>;
    await db.runTransaction(async (tx) => {
      const [projectSnap, memberSnap] = await Promise.all([tx.get(projectRef), tx.get(m.ref)]);
      if (!memberSnap.exists) return;
      const member = memberSnap.data() as MemberDoc;
      const project = projectSnap.data();
      const positionRef = projectRef.collection("positions").doc(member.positionId);
      const positionSnap = member.active ? await tx.get(positionRef) : null;
      const moved: MemberDoc = {
        ...member,
        uid: pseudonym,
        name: DELETED_MEMBER_NAME,
        userName: DELETED_MEMBER_USERNAME,
        active: false,
        leftAt: member.active ? ts(now) : member.leftAt,
      };
      tx.set(projectRef.collection("members").doc(pseudonym), moved);
      tx.delete(m.ref);
      tx.delete(db.doc(paths.memberDeparture(projectRef.id, uid)));
      if (member.active) {
        const departure: MemberDepartureDoc = { reason: "LEFT", leftAt: ts(now) };
        tx.set(db.doc(paths.memberDeparture(projectRef.id, pseudonym)), departure);
      }
      if (positionSnap?.exists && positionSnap.data()?.filledBy === uid) {
        // The seat reopens as after a voluntary leave (same window rule, same hiring notices);
        // the opening names nobody, so the deleted member is not kept in the job's record.
        const seat = positionSnap.data() as PositionDoc;
        const window = seatWindow(
          { type: seat.type, positionName: seat.positionName },
          toDate(project?.liveSince),
          now,
        );
        tx.update(positionRef, {
          status: "OPEN",
          filledBy: null,
          applicantCount: 0,
          ...windowFields(window),
          updatedAt: ts(now),
        });
        if (project) {
          recordSeatOpening(
            db,
            tx,
            {
              projectId: projectRef.id,
              projectTitle: project.title,
              positionId: member.positionId,
              positionName: seat.positionName,
              type: seat.type,
              leftBy: null,
              windowStartsAt: window.windowStartsAt,
            },
            now,
          );
        }
      }
      if (project) {
        const wasInTeam = (project.memberIds ?? []).includes(uid);
        const remaining = (project.team ?? []).filter((t) => t.uid !== uid);
        tx.update(projectRef, {
          team: remaining,
          memberIds: remaining.map((t) => t.uid),
          ...(wasInTeam ? { memberCount: FieldValue.increment(-1) } : {}),
          ...(wasInTeam && positionSnap?.exists
            ? { openPositionCount: FieldValue.increment(1) }
            : {}),
          ...(project.managerId === uid ? { managerId: null } : {}),
          updatedAt: ts(now),
        });
        if (member.active && wasInTeam) {
          for (const t of remaining) {
            tx.set(
              db.collection(paths.notifications).doc(),
              notificationDoc({
                type: "PROJECT_USER_LEFT",
                userId: t.uid,
                eventKey: `${projectRef.id}:${pseudonym}:${now.getTime()}`,
                content: {
                  projectId: projectRef.id,
                  projectTitle: project.title,
                  userName: DELETED_MEMBER_NAME,
                },
                now,
              }),
            );
          }
        }
      }
    });
  }
  // A project they still manage without a membership record loses its manager.
  await drain(db, db.collection(paths.projects).where("managerId", "==", uid), (b, d) =>
    b.update(d.ref, { managerId: null, updatedAt: ts(now) }),
  );
  // Seat openings after an earlier leave of theirs name them (so they are not told of it).
  await drain(db, db.collection(paths.jobRuns).where("leftBy", "==", uid), (b, d) =>
    b.update(d.ref, { leftBy: null }),
  );
  // Seats they once held name them too.
  await drain(
    db,
    db.collectionGroup(collectionGroups.positions).where("filledBy", "==", uid),
    (b, d) => b.update(d.ref, { filledBy: null }),
  );
}

/** Applications go; a pending one is withdrawn (its position's applicant count goes down). */
async function withdrawApplications({ db }: DeletionDeps, { uid }: AccountDeletionDoc) {
  await drain(
    db,
    db.collectionGroup(collectionGroups.applications).where("userId", "==", uid),
    (b, d) => {
      if (d.get("status") === "PENDING") {
        b.update(d.ref.parent.parent!, { applicantCount: FieldValue.increment(-1) });
      }
      b.delete(d.ref);
    },
  );
}

/**
 * Pending votes by or about them go, with others' notices that point at votes or removal reviews
 * about them; their answers stay for the ratings they fed, under the pseudonym; answers about
 * them and removal reviews of them go.
 */
async function removeVotes({ db }: DeletionDeps, record: AccountDeletionDoc) {
  const { uid, pseudonym } = record;
  const [votesAbout, answersAbout, reviews] = await Promise.all([
    db.collection(paths.votes).where("targetUserId", "==", uid).select().get(),
    db.collection(paths.voteAnswers).where("targetUserId", "==", uid).select().get(),
    db.collection(paths.removalReviews).where("targetUserId", "==", uid).select().get(),
  ]);
  const voteIds = [...new Set([...votesAbout.docs, ...answersAbout.docs].map((d) => d.id))];
  for (let i = 0; i < voteIds.length; i += 30) {
    await drain(
      db,
      db.collection(paths.notifications).where("content.voteId", "in", voteIds.slice(i, i + 30)),
      (b, d) => b.delete(d.ref),
    );
  }
  for (const review of reviews.docs) {
    // Hiring notices of a removal carry the review id in their dedupe key.
    const prefix = `PROJECT_HIRING:${review.id}:`;
    await drain(
      db,
      db
        .collection(paths.notifications)
        .where("dedupeKey", ">=", prefix)
        .where("dedupeKey", "<", `${prefix}\uf8ff`),
      (b, d) => b.delete(d.ref),
    );
  }
  for (const field of ["voterId", "targetUserId"]) {
    await drain(db, db.collection(paths.votes).where(field, "==", uid), (b, d) => b.delete(d.ref));
  }
  await drain(db, db.collection(paths.voteAnswers).where("targetUserId", "==", uid), (b, d) =>
    b.delete(d.ref),
  );
  await drain(db, db.collection(paths.voteAnswers).where("voterId", "==", uid), (b, d) => {
    b.set(db.collection(paths.voteAnswers).doc(rekey(d.id, uid, pseudonym)), {
      ...d.data(),
      voterId: pseudonym,
    });
    b.delete(d.ref);
  });
  await drain(db, db.collection(paths.removalReviews).where("targetUserId", "==", uid), (b, d) =>
    b.delete(d.ref),
  );
}

/** Feedback they wrote reads "Silinmiş Üye" and moves to an id without their uid. */
async function anonymiseFeedback({ db }: DeletionDeps, record: AccountDeletionDoc) {
  const { uid, pseudonym } = record;
  await drain(
    db,
    db.collectionGroup(collectionGroups.feedbacks).where("evaluatorId", "==", uid),
    (b, d) => {
      const target = d.ref.parent;
      // Feedback about themselves goes with their profile; only others' copies are kept.
      if (target.parent?.id === uid) {
        b.delete(d.ref);
        return;
      }
      b.set(target.doc(rekey(d.id, uid, pseudonym)), {
        ...d.data(),
        evaluatorId: pseudonym,
        evaluatorUser: {
          name: DELETED_MEMBER_NAME,
          userName: DELETED_MEMBER_USERNAME,
          position: null,
        },
      });
      b.delete(d.ref);
    },
  );
}

async function removeNotifications({ db }: DeletionDeps, { uid }: AccountDeletionDoc) {
  await drain(db, db.collection(paths.notifications).where("userId", "==", uid), (b, d) =>
    b.delete(d.ref),
  );
}

/**
 * Payout statements are accounting records: kept, but under the pseudonym (id and userId). They
 * hold no name and no IBAN (only whether one was given).
 */
async function pseudonymiseStatements({ db }: DeletionDeps, record: AccountDeletionDoc) {
  const { uid, pseudonym } = record;
  await drain(
    db,
    db.collectionGroup(collectionGroups.statements).where("userId", "==", uid),
    (b, d) => {
      b.set(d.ref.parent.doc(pseudonym), {
        ...d.data(),
        userId: pseudonym,
        pseudonymised: true,
      });
      b.delete(d.ref);
    },
  );
}

/** Their photo records go; project images they uploaded as manager stay, under the pseudonym. */
async function removeImageRecords({ db }: DeletionDeps, record: AccountDeletionDoc) {
  const { uid, pseudonym } = record;
  await drain(db, db.collection(paths.images).where("relatedId", "==", uid), (b, d) =>
    b.delete(d.ref),
  );
  await drain(db, db.collection(paths.images).where("uploadedBy", "==", uid), (b, d) =>
    b.update(d.ref, { uploadedBy: pseudonym }),
  );
}

async function removeStorage({ bucket }: DeletionDeps, { uid }: AccountDeletionDoc) {
  await bucket.deleteFiles({ prefix: `users/${uid}/`, force: true });
}

/** Mail queued to their address (codes, links, announcements). */
async function removeMail({ db }: DeletionDeps, { email }: AccountDeletionDoc) {
  const addresses = [...new Set([email, email.trim().toLowerCase()])].filter(Boolean);
  for (const address of addresses) {
    await drain(db, db.collection(paths.mail).where("to", "==", address), (b, d) =>
      b.delete(d.ref),
    );
    await drain(db, db.collection(paths.mail).where("to", "array-contains", address), (b, d) =>
      b.delete(d.ref),
    );
  }
}

/** Limit counters, their registration, their role record and their Idempotency-Key answers. */
async function removeServerRecords({ db }: DeletionDeps, { uid, email }: AccountDeletionDoc) {
  const batch = db.batch();
  const key = email.trim().toLowerCase();
  for (const limit of Object.keys(DEFAULT_RATE_LIMITS) as LimitName[]) {
    batch.delete(db.collection(paths.rateLimits).doc(limitCounterId(limit, key)));
    batch.delete(db.collection(paths.rateLimits).doc(limitCounterId(limit, uid)));
  }
  batch.delete(db.collection(paths.registrations).doc(registrationKey(email)));
  // A staff role's record (the jobs mail admins and ops from it); the claim goes with the Auth user.
  batch.delete(db.collection(paths.roles).doc(uid));
  await batch.commit();
  await drain(db, db.collection(paths.idempotencyKeys).where("uid", "==", uid), (b, d) =>
    b.delete(d.ref),
  );
}

/** users/{uid} and everything under it (contact, details, state, feedback about them). */
async function removeProfile({ db }: DeletionDeps, { uid }: AccountDeletionDoc) {
  await db.recursiveDelete(db.doc(paths.user(uid)) as DocumentReference<DocumentData>);
  await replaceJobCursors(db, uid);
}

/**
 * Jobs that page through every member record the last member id they handled (paged-recipients).
 * Once the profile is gone, the member just before it in id order is an equivalent cursor: no
 * member lies between the two any more, so the run resumes exactly where it would have.
 */
export async function replaceJobCursors(db: Firestore, uid: string) {
  const runs = await db.collection(paths.jobRuns).where("cursor", "==", uid).get();
  if (runs.empty) return;
  const before = await db
    .collection(paths.users)
    .orderBy(FieldPath.documentId(), "desc")
    .startAfter(uid)
    .limit(1)
    .get();
  const cursor = before.empty ? null : before.docs[0]!.id;
  const batch = db.batch();
  for (const run of runs.docs) batch.update(run.ref, { cursor });
  await batch.commit();
}
