/**
 * The monthly profit share (docs/product-rules.md#profit-share-computation). From the 15th on, every month whose net profit
 * an admin has entered in `payouts/{YYYY-MM}` and that is not computed yet gets its statements
 * (one per member, id = uid) and its summary. The rate is read once, when the month's run
 * starts, and kept in its run record, so a resumed run computes exactly what the first one did.
 * A computed month is never recomputed.
 *
 * A member with a share and no IBAN keeps it: the statement is HELD_NO_IBAN (amount computed,
 * not handed to the others) and they are told by notification and mail. Every run releases the
 * held statements of members who have saved a valid IBAN since: PAYABLE, notification and mail.
 */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import type { WriteBatch } from "firebase-admin/firestore";
import {
  type MailDoc,
  type MemberDoc,
  type PayoutPeriodDoc,
  type PayoutStatementDoc,
  type PlatformConfigDoc,
  type ShareCandidate,
  type Stint,
  type TimestampLike,
  type UserContactDoc,
  type UserDetailsDoc,
  type UserDoc,
  collectionGroups,
  computeProfitShare,
  configuredProfitRate,
  isPayoutDue,
  isValidTrIban,
  parsePeriod,
  paths,
  payoutInputProblem,
  releasedStatus,
  periodLabel,
  mailTexts,
} from "@platform/common";
import { escapeHtml } from "../infra/mail.js";
import { recordConsoleProblems } from "./console-problems.js";
import { jobRunRef } from "./job-runs.js";
import { type JobNotification, jobNotification } from "./notifications.js";
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
  const released = await releaseHeldStatements(db, now);
  if (released > 0) {
    log(`profit-share: ${released} held statements released`);
    report.released = released;
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
  // A resumed run writes the statements again, but tells each member of a held share once.
  const held = statements.filter((s) => s.status === "HELD_NO_IBAN");
  const heldNotices = await missingNotices(
    db,
    held.map((s) => ({ userId: s.userId, period: periodId, amount: s.amount })),
    "PROFIT_SHARE_HELD",
    computedAt.toDate(),
  );
  for (const s of statements) {
    const doc: PayoutStatementDoc = { ...s, period: periodId, computedAt, releasedAt: null };
    const ref = db
      .collection(paths.statements(periodId))
      .doc(s.userId) as DocumentReference<PayoutStatementDoc>;
    const notice = heldNotices.get(s.userId) ?? [];
    await writer.group(1 + notice.length, (batch) => {
      batch.set(ref, doc);
      for (const write of notice) write(batch);
    });
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
    heldAmount: summary.heldAmount,
    noBirthDateCount: summary.noBirthDateCount,
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
    noBirthDate: summary.noBirthDateCount,
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
    hasIban: isValidTrIban(details[i]!.data()?.iban),
    stints: stints.get(uid)!,
  }));
}

/**
 * Held statements whose member has saved a valid IBAN since become PAYABLE, each in one batch with
 * its notification and mail (ids from the period and member, written only when missing), so a
 * statement is released, and its member told, exactly once.
 */
async function releaseHeldStatements(db: Firestore, now: Date): Promise<number> {
  const held = await db
    .collectionGroup(collectionGroups.statements)
    .where("status", "==", "HELD_NO_IBAN")
    .get();
  if (held.empty) return 0;
  const docs = held.docs.map((d) => ({ ref: d.ref, s: d.data() as PayoutStatementDoc }));
  const details = await getAllChunked(
    db,
    docs.map(({ s }) => db.doc(paths.userDetails(s.userId)) as DocumentReference<UserDetailsDoc>),
  );
  const ready = docs.filter(
    ({ s }, i) => releasedStatus(s.status, isValidTrIban(details[i]!.data()?.iban)) === "PAYABLE",
  );
  const notices = await missingNotices(
    db,
    ready.map(({ s }) => ({ userId: s.userId, period: s.period, amount: s.amount })),
    "PROFIT_SHARE_RELEASED",
    now,
  );
  const writer = new BatchWriter(db);
  for (const { ref, s } of ready) {
    const notice = notices.get(`${s.period}/${s.userId}`) ?? [];
    await writer.group(1 + notice.length, (batch) => {
      batch.update(ref, { status: "PAYABLE", ibanStatus: "PRESENT", releasedAt: timestamp(now) });
      for (const write of notice) write(batch);
    });
  }
  await writer.flush();
  return ready.length;
}

type Write = (batch: WriteBatch) => void;

/**
 * The notification and mail owed to each member about a statement (held, or released), those
 * not written yet, keyed by member (held, one period at a time) and by "period/member".
 */
async function missingNotices(
  db: Firestore,
  items: readonly { userId: string; period: string; amount: number }[],
  type: "PROFIT_SHARE_HELD" | "PROFIT_SHARE_RELEASED",
  now: Date,
): Promise<Map<string, Write[]>> {
  const result = new Map<string, Write[]>();
  if (items.length === 0) return result;
  const notifications: JobNotification[] = items.map((it) =>
    jobNotification(db, {
      type,
      userId: it.userId,
      eventKey: `payout-${it.period}`,
      content: {},
      now,
    }),
  );
  const mailRefs = items.map((it) =>
    db
      .collection(paths.mail)
      .doc(
        `${type === "PROFIT_SHARE_HELD" ? "profit-share-held" : "profit-share-released"}-${it.period}-${it.userId}`,
      ),
  );
  const uids = items.map((it) => it.userId);
  const [users, contacts, existingNotes, existingMails] = await Promise.all([
    getAllChunked(
      db,
      uids.map((uid) => db.doc(paths.user(uid)) as DocumentReference<UserDoc>),
    ),
    getAllChunked(
      db,
      uids.map((uid) => db.doc(paths.userContact(uid)) as DocumentReference<UserContactDoc>),
    ),
    getAllChunked(
      db,
      notifications.map((n) => n.ref),
    ),
    getAllChunked(db, mailRefs),
  ]);
  items.forEach((it, i) => {
    const writes: Write[] = [];
    if (!existingNotes[i]!.exists) {
      const n = notifications[i]!;
      writes.push((batch) => batch.set(n.ref, n.doc));
    }
    const email = contacts[i]!.data()?.email;
    if (email && !existingMails[i]!.exists) {
      const mail = statementMail(email, users[i]!.data()?.name ?? "", it, type, now);
      writes.push((batch) => batch.set(mailRefs[i]!, mail));
    }
    const key = type === "PROFIT_SHARE_HELD" ? it.userId : `${it.period}/${it.userId}`;
    result.set(key, writes);
  });
  return result;
}

const formatLira = (amount: number) =>
  new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" }).format(amount);

function statementMail(
  to: string,
  name: string,
  item: { period: string; amount: number },
  type: "PROFIT_SHARE_HELD" | "PROFIT_SHARE_RELEASED",
  now: Date,
): MailDoc {
  const month = periodLabel(item.period);
  const lines =
    type === "PROFIT_SHARE_HELD"
      ? [
          mailTexts.helloName(name),
          mailTexts.profitShare.held(month, formatLira(item.amount)),
          mailTexts.profitShare.heldKept,
        ]
      : [
          mailTexts.helloName(name),
          mailTexts.profitShare.released(month, formatLira(item.amount)),
          mailTexts.profitShare.releasedWhere,
        ];
  const subject =
    type === "PROFIT_SHARE_HELD"
      ? mailTexts.profitShare.heldSubject(month)
      : mailTexts.profitShare.releasedSubject(month);
  return {
    to,
    message: {
      subject,
      text: lines.join("\n\n"),
      html: `<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5">${lines
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join("")}</div>`,
    },
    createdAt: timestamp(now),
  };
}
