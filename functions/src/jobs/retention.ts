/**
 * Daily: the platform keeps nothing longer than it needs (KVKK md. 4, 7; the periods are
 * RETENTION of @platform/common and the legal texts). One step per kind, each a pure age rule:
 *
 * - deletions: account deletions that stopped midway (`accountDeletions/{uid}`) are finished;
 * - registrations: unfinished registrations 7 days after their last code go, with their Auth user
 *   and documents (a member who completed step 3 is never touched), and so do unfinished profiles
 *   created 7 days ago or earlier that no open registration names;
 * - mail: queued mail 30 days old or older (live reset links and codes);
 * - limits: limiter counters and Idempotency-Key answers whose `expiresAt` has passed;
 * - uploads: Storage objects uploaded 24 hours ago or earlier and never recorded in `images`.
 *
 * Every step deletes page by page (at most MAX_BATCH_WRITES writes a batch) with the age filter as
 * its own cursor, so a second, concurrent or resumed run only finds what is left. Auth and Storage
 * come with the context; a run without them (in-process tests) leaves those steps to the next.
 */
import type { Auth } from "firebase-admin/auth";
import type { Firestore, Query } from "firebase-admin/firestore";
import {
  type RegistrationDoc,
  isMailExpired,
  isRecordExpired,
  isRegistrationAbandoned,
  isUnrecordedUploadExpired,
  mailPurgeCutoff,
  paths,
  registrationRetentionCutoff,
} from "@platform/common";
import { runAccountDeletion } from "../services/account-deletion.js";
import {
  type JobContext,
  type JobReport,
  MAX_BATCH_WRITES,
  chunk,
  timestamp,
  toDate,
} from "./runtime.js";

/** Deletes the documents of `query` that `due` accepts, page by page; returns how many. */
async function purge(
  db: Firestore,
  query: Query,
  due: (d: FirebaseFirestore.QueryDocumentSnapshot) => boolean,
): Promise<{ deleted: number; batches: number }> {
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const page = await query.limit(MAX_BATCH_WRITES).get();
    const docs = page.docs.filter(due);
    if (docs.length === 0) break;
    const batch = db.batch();
    for (const d of docs) batch.delete(d.ref);
    await batch.commit();
    deleted += docs.length;
    batches++;
    if (page.size < MAX_BATCH_WRITES) break;
  }
  return { deleted, batches };
}

async function finishDeletions({ db, now, auth, bucket }: JobContext) {
  if (!auth || !bucket) return { finished: 0, skipped: true };
  const open = await db.collection(paths.accountDeletions).select().get();
  for (const d of open.docs) await runAccountDeletion({ db, auth, bucket }, d.id, now);
  return { finished: open.size, skipped: false };
}

async function purgeRegistrations({ db, now, auth }: JobContext) {
  if (!auth) return { deleted: 0, skipped: true };
  const cutoff = registrationRetentionCutoff(now);
  let deleted = 0;
  for (;;) {
    const page = await db
      .collection(paths.registrations)
      .where("lastSentAt", "<=", timestamp(cutoff))
      .orderBy("lastSentAt")
      .limit(100)
      .get();
    const due = page.docs.filter((d) => {
      const last = toDate((d.data() as RegistrationDoc).lastSentAt);
      return last !== null && isRegistrationAbandoned(last, now);
    });
    if (due.length === 0) break;
    for (const d of due) {
      const { uid } = d.data() as RegistrationDoc;
      const profile = await db.doc(paths.user(uid)).get();
      // Only an unfinished account goes; a completed one only loses the stale registration.
      if (!profile.get("profileComplete")) {
        try {
          await auth.deleteUser(uid);
        } catch (err) {
          if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
        }
        await db.recursiveDelete(db.doc(paths.user(uid)));
      }
      await d.ref.delete();
      deleted++;
    }
    if (page.size < 100) break;
  }
  deleted += await purgeUnfinishedProfiles(db, auth, now);
  return { deleted, skipped: false };
}

/**
 * Accounts left unfinished without a registration record (step 3 never done): their profile was
 * created 7 days ago or earlier and no open registration names them.
 */
async function purgeUnfinishedProfiles(db: Firestore, auth: Auth, now: Date): Promise<number> {
  let deleted = 0;
  let cursor: FirebaseFirestore.QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = db
      .collection(paths.users)
      .where("profileComplete", "==", false)
      .where("createdAt", "<=", timestamp(registrationRetentionCutoff(now)))
      .orderBy("createdAt")
      .limit(100);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    for (const d of page.docs) {
      const createdAt = toDate(d.get("createdAt"));
      if (!createdAt || !isRegistrationAbandoned(createdAt, now)) continue;
      const open = await db.collection(paths.registrations).where("uid", "==", d.id).get();
      const stillOpen = open.docs.some((r) => {
        const last = toDate((r.data() as RegistrationDoc).lastSentAt);
        return last !== null && !isRegistrationAbandoned(last, now);
      });
      if (stillOpen) continue;
      try {
        await auth.deleteUser(d.id);
      } catch (err) {
        if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
      }
      await db.recursiveDelete(d.ref);
      for (const r of open.docs) await r.ref.delete();
      deleted++;
    }
    if (page.size < 100) break;
    cursor = page.docs[page.docs.length - 1];
  }
  return deleted;
}

async function purgeMail({ db, now }: JobContext) {
  const cutoff = mailPurgeCutoff(now);
  const query = db
    .collection(paths.mail)
    .where("createdAt", "<=", timestamp(cutoff))
    .orderBy("createdAt");
  return purge(db, query, (d) => {
    const queuedAt = toDate(d.get("createdAt"));
    return queuedAt !== null && isMailExpired(queuedAt, now);
  });
}

async function purgeExpired({ db, now }: JobContext, collection: string) {
  const query = db
    .collection(collection)
    .where("expiresAt", "<=", timestamp(now))
    .orderBy("expiresAt");
  return purge(db, query, (d) => {
    const expiresAt = toDate(d.get("expiresAt"));
    return expiresAt !== null && isRecordExpired(expiresAt, now);
  });
}

/** Objects under the image folders that no `images` record names, once 24 hours old. */
async function purgeUploads({ db, now, bucket }: JobContext) {
  if (!bucket) return { deleted: 0, skipped: true };
  let deleted = 0;
  for (const prefix of ["users/", "projects/"]) {
    let pageToken: string | undefined;
    do {
      const [files, next] = await bucket.getFiles({
        prefix,
        maxResults: 300,
        autoPaginate: false,
        ...(pageToken ? { pageToken } : {}),
      });
      pageToken = (next as { pageToken?: string } | null)?.pageToken;
      const old = files.filter((f) => {
        const created = f.metadata.timeCreated ? new Date(f.metadata.timeCreated) : null;
        return created !== null && isUnrecordedUploadExpired(created, now);
      });
      const recorded = new Set<string>();
      for (const part of chunk(
        old.map((f) => f.name),
        30,
      )) {
        const snap = await db
          .collection(paths.images)
          .where("path", "in", part)
          .select("path")
          .get();
        for (const d of snap.docs) recorded.add(d.get("path") as string);
      }
      for (const f of old.filter((f) => !recorded.has(f.name))) {
        await f.delete({ ignoreNotFound: true });
        deleted++;
      }
    } while (pageToken);
  }
  return { deleted, skipped: false };
}

export async function retention(ctx: JobContext): Promise<JobReport> {
  const deletions = await finishDeletions(ctx);
  const registrations = await purgeRegistrations(ctx);
  const mail = await purgeMail(ctx);
  const limits = await purgeExpired(ctx, paths.rateLimits);
  const idempotency = await purgeExpired(ctx, paths.idempotencyKeys);
  const uploads = await purgeUploads(ctx);
  const report: JobReport = {
    cutoff: mailPurgeCutoff(ctx.now).toISOString(),
    deleted: mail.deleted,
    batches: mail.batches,
    accountDeletionsFinished: deletions.finished,
    registrationsDeleted: registrations.deleted,
    limitCountersDeleted: limits.deleted,
    idempotencyKeysDeleted: idempotency.deleted,
    uploadsDeleted: uploads.deleted,
    authAndStorage: !(deletions.skipped || registrations.skipped || uploads.skipped),
  };
  ctx.log(`retention: ${JSON.stringify(report)}`);
  return report;
}
