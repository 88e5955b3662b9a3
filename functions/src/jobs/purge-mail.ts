/**
 * Daily: queued mail older than 30 days is deleted (`mail/{id}` holds live reset links and
 * e-mail codes; the Trigger Email extension has long sent it). Page by page, each page one batch
 * of at most MAX_BATCH_WRITES deletes; the filter is its own cursor, since deleted documents
 * leave it. Deleting is idempotent: a second run, a concurrent run or a run after a crash only
 * finds what is left.
 */
import type { Firestore } from "firebase-admin/firestore";
import { isMailExpired, mailPurgeCutoff, paths } from "@platform/common";
import { type JobContext, type JobReport, MAX_BATCH_WRITES, timestamp, toDate } from "./runtime.js";

export async function purgeMail({ db, now, log }: JobContext): Promise<JobReport> {
  const cutoff = mailPurgeCutoff(now);
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const page = await expiredPage(db, cutoff);
    const due = page.docs.filter((d) => {
      const queuedAt = toDate(d.get("createdAt"));
      return queuedAt !== null && isMailExpired(queuedAt, now);
    });
    if (due.length === 0) break;
    const batch = db.batch();
    for (const d of due) batch.delete(d.ref);
    await batch.commit();
    deleted += due.length;
    batches++;
    if (page.size < MAX_BATCH_WRITES) break;
  }
  const report = { cutoff: cutoff.toISOString(), deleted, batches };
  if (deleted > 0) log(`purge-mail: ${JSON.stringify(report)}`);
  return report;
}

function expiredPage(db: Firestore, cutoff: Date) {
  return db
    .collection(paths.mail)
    .where("createdAt", "<=", timestamp(cutoff))
    .orderBy("createdAt")
    .limit(MAX_BATCH_WRITES)
    .get();
}
