/**
 * The monthly profit share (spec §1, design §4). From the 15th on, every month whose net profit
 * an admin has entered in `payouts/{YYYY-MM}` and that is not computed yet gets its statements
 * (one per member, id = uid) and its summary. The rate is read once, when the month's run
 * starts, and kept in its run record, so a resumed run computes exactly what the first one did.
 * A computed month is never recomputed.
 */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import {
  type MemberDoc,
  type PayoutPeriodDoc,
  type PayoutStatementDoc,
  type PlatformConfigDoc,
  type ShareCandidate,
  type Stint,
  type TimestampLike,
  type UserDetailsDoc,
  type UserDoc,
  collectionGroups,
  computeProfitShare,
  configuredProfitRate,
  isPayoutDue,
  parsePeriod,
  paths,
  payoutInputProblem,
} from "@platform/common";
import { recordConsoleProblems } from "./console-problems.js";
import { jobRunRef } from "./job-runs.js";
import {
  BatchWriter,
  type JobContext,
  type JobReport,
  getAllChunked,
  timestamp,
  toDate,
} from "./runtime.js";

interface ProfitShareRun {
  period: string;
  platformRate: number;
  startedAt: TimestampLike;
}

export async function profitShare({ db, now, log }: JobContext): Promise<JobReport> {
  // One document per month: every month without `computedAt` (absent or null) is waiting. A month
  // whose input cannot be used gets its `problem` recorded and the admins mailed; `netProfit: null`
  // means "not entered yet".
  const months = await db.collection(paths.payouts).get();
  const waiting = months.docs.filter((d) => !d.get("computedAt") && d.get("netProfit") !== null);
  const checks = waiting.map((d) => ({
    ref: d.ref,
    recorded: d.get("problem"),
    problem: payoutInputProblem(d.id, d.get("netProfit")),
  }));
  const problems = await recordConsoleProblems(db, checks, now, log);
  const due = waiting.filter((d, i) => !checks[i]!.problem && isPayoutDue(d.id, now));
  const report: JobReport = { periodsComputed: 0 };
  if (problems > 0) report.problemsRecorded = problems;
  for (const doc of due) {
    const result = await computePeriod(db, doc.id, (doc.data() as PayoutPeriodDoc).netProfit, now);
    log(`profit-share: ${doc.id}: ${JSON.stringify(result)}`);
    report.periodsComputed = (report.periodsComputed as number) + 1;
    for (const [key, value] of Object.entries(result)) report[`${doc.id}.${key}`] = value;
  }
  return report;
}

async function computePeriod(
  db: Firestore,
  periodId: string,
  netProfit: number,
  now: Date,
): Promise<JobReport> {
  const runRef = jobRunRef<ProfitShareRun>(db, `profit-share-${periodId}`);
  const config = (await db.doc(paths.platformConfig).get()).data() as PlatformConfigDoc | undefined;
  await db.runTransaction(async (tx) => {
    if ((await tx.get(runRef)).exists) return;
    tx.create(runRef, {
      period: periodId,
      platformRate: configuredProfitRate(config),
      startedAt: timestamp(now),
    });
  });
  const run = (await runRef.get()).data()!;

  const candidates = await shareCandidates(db, periodId);
  const { summary, statements } = computeProfitShare({
    period: periodId,
    netProfit,
    platformRate: run.platformRate,
    members: candidates,
  });

  const computedAt = run.startedAt;
  const writer = new BatchWriter(db);
  for (const s of statements) {
    const doc: PayoutStatementDoc = { ...s, period: periodId, computedAt };
    await writer.set(
      db
        .collection(paths.statements(periodId))
        .doc(s.userId) as DocumentReference<PayoutStatementDoc>,
      doc,
    );
  }
  // Statements of an interrupted run for members no longer in the result (data changed meanwhile).
  const wanted = new Set(statements.map((s) => s.userId));
  const written = await db.collection(paths.statements(periodId)).select().get();
  for (const stale of written.docs.filter((d) => !wanted.has(d.id))) {
    await writer.group(1, (batch) => batch.delete(stale.ref));
  }
  const periodDoc: Partial<PayoutPeriodDoc> & Record<string, unknown> = {
    period: periodId,
    platformRate: summary.platformRate,
    platformAmount: summary.platformAmount,
    distributable: summary.distributable,
    totalDays: summary.totalDays,
    eligibleCount: summary.eligibleCount,
    withoutIbanCount: summary.withoutIbanCount,
    statementCount: statements.length,
    computedAt,
  };
  // The summary goes last: a period with computedAt has all its statements.
  await writer.group(1, (batch) =>
    batch.set(db.doc(`${paths.payouts}/${periodId}`), periodDoc, { merge: true }),
  );
  await writer.flush();
  return {
    statements: statements.length,
    eligible: summary.eligibleCount,
    withoutIban: summary.withoutIbanCount,
    distributable: summary.distributable,
  };
}

/** Junior memberships that overlap the month, with each member's birth date and IBAN. */
async function shareCandidates(db: Firestore, periodId: string): Promise<ShareCandidate[]> {
  const period = parsePeriod(periodId);
  // Both queries match the (active, joinedAt) collection-group index.
  const [current, former] = await Promise.all([
    db
      .collectionGroup(collectionGroups.members)
      .where("active", "==", true)
      .orderBy("joinedAt")
      .get(),
    db
      .collectionGroup(collectionGroups.members)
      .where("active", "==", false)
      .where("joinedAt", "<", timestamp(period.end))
      .get(),
  ]);
  const stints = new Map<string, Stint[]>();
  for (const doc of [...current.docs, ...former.docs]) {
    const m = doc.data() as MemberDoc;
    const joinedAt = toDate(m.joinedAt);
    const leftAt = toDate(m.leftAt);
    if (m.type !== "JUNIOR" || !joinedAt) continue;
    if (joinedAt.getTime() >= period.end.getTime()) continue;
    if (leftAt && leftAt.getTime() < period.start.getTime()) continue;
    stints.set(m.uid, [...(stints.get(m.uid) ?? []), { joinedAt, leftAt }]);
  }
  const uids = [...stints.keys()].sort();
  const [users, details] = await Promise.all([
    getAllChunked(
      db,
      uids.map((uid) => db.doc(paths.user(uid)) as DocumentReference<UserDoc>),
    ),
    getAllChunked(
      db,
      uids.map((uid) => db.doc(paths.userDetails(uid)) as DocumentReference<UserDetailsDoc>),
    ),
  ]);
  return uids.map((uid, i) => ({
    userId: uid,
    type: "JUNIOR",
    birthDate: users[i]!.data()?.birthDate ?? "",
    hasIban: (details[i]!.data()?.iban ?? "").trim().length > 0,
    stints: stints.get(uid)!,
  }));
}
