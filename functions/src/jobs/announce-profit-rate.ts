/**
 * Every few minutes: when an admin has changed `config/platform.profitRate` in the console, every
 * member is mailed the new rate (docs/product-rules.md#profit-rate), then `announcedProfitRate` records it. Mails go out in
 * pages committed with the announcement's cursor, so a crash resumes without mailing anyone twice.
 * If the rate changes again before the announcement is finished, a new one starts for the newest
 * rate: members hear the rate that applies. The rate in force and the announcement (shown on the
 * platform for 30 days) are copied to `config/public`, which anyone may read. An invalid rate is
 * recorded as `problem` on `config/platform` and mailed to the admins, and nothing is announced.
 */
import type { DocumentReference, WriteBatch } from "firebase-admin/firestore";
import {
  type MailDoc,
  type PlatformConfigDoc,
  type PublicConfigDoc,
  type UserContactDoc,
  type UserDoc,
  announcementEndsAt,
  configuredProfitRate,
  formatRateTr,
  paths,
  pendingRateAnnouncement,
  profitRateProblem,
  rateChangeText,
  mailTexts,
} from "@platform/common";
import { recordConsoleProblems } from "./console-problems.js";
import { escapeHtml } from "../infra/mail.js";
import { jobRunRef } from "./job-runs.js";
import { type PagedProgress, forEachPage } from "./paged-recipients.js";
import { type JobContext, type JobReport, getAllChunked, timestamp } from "./runtime.js";

interface AnnouncementRun extends PagedProgress {
  from: number;
  to: number;
  /** Distinguishes announcements of the same rate (10% → 12% → 10%) in mail ids. */
  key: string;
  done: boolean;
}

export async function announceProfitRate({ db, now, log }: JobContext): Promise<JobReport> {
  const configRef = db.doc(paths.platformConfig) as DocumentReference<PlatformConfigDoc>;
  const publicRef = db.doc(paths.publicConfig) as DocumentReference<PublicConfigDoc>;
  const [configSnap, publicSnap] = await Promise.all([configRef.get(), publicRef.get()]);
  const config = configSnap.data();
  // A rate that cannot be used is recorded on config/platform and mailed to the admins; the
  // platform keeps showing (and the profit share refuses to use) anything but a valid rate.
  const problem = profitRateProblem(config?.profitRate);
  const recorded = configSnap.exists
    ? await recordConsoleProblems(
        db,
        [{ ref: configRef, recorded: configSnap.get("problem"), problem }],
        now,
        log,
      )
    : 0;
  if (problem) return { announced: false, ...(recorded > 0 ? { problemsRecorded: recorded } : {}) };

  const pending = pendingRateAnnouncement(config);
  if (!pending) {
    // Nothing to announce: the public copy of the rate only has to match (first run, restore).
    const rate = configuredProfitRate(config);
    if (publicSnap.get("profitRate") !== rate) {
      await publicRef.set({
        profitRate: rate,
        announcement: publicSnap.get("announcement") ?? null,
        updatedAt: timestamp(now),
      });
    }
    return { announced: false };
  }

  const runRef = jobRunRef<AnnouncementRun>(db, "profit-rate-announcement");
  let run = (await runRef.get()).data();
  if (!run || run.done || run.to !== pending.to) {
    run = { ...pending, key: String(now.getTime()), cursor: null, written: 0, done: false };
    await runRef.set(run);
  }
  const announcement = run;
  const progress = await forEachPage(db, db.collection(paths.users), run, runRef, async (page) => {
    const contacts = await getAllChunked(
      db,
      page.map((u) => db.doc(paths.userContact(u.id)) as DocumentReference<UserContactDoc>),
    );
    return page.flatMap((user, i) => {
      const email = contacts[i]!.data()?.email;
      if (!email) return [];
      const ref = db.collection(paths.mail).doc(`profit-rate-${announcement.key}-${user.id}`);
      const mail = rateChangeMail(email, (user.data() as UserDoc).name, announcement, now);
      return [(batch: WriteBatch) => batch.set(ref, mail)];
    });
  });

  const batch = db.batch();
  batch.update(configRef, { announcedProfitRate: announcement.to });
  // The platform shows the new rate, and the change as a banner for ANNOUNCEMENT_DAYS.
  batch.set(publicRef, {
    profitRate: announcement.to,
    announcement: {
      text: rateChangeText(announcement.from, announcement.to),
      from: announcement.from,
      to: announcement.to,
      startsAt: timestamp(now),
      endsAt: timestamp(announcementEndsAt(now)),
    },
    updatedAt: timestamp(now),
  });
  batch.set(runRef, { done: true }, { merge: true });
  await batch.commit();
  log(
    `announce-profit-rate: ${formatRateTr(announcement.to)} mailed to ${progress.written} members`,
  );
  return { announced: true, rate: announcement.to, mailed: progress.written };
}

function rateChangeMail(
  to: string,
  name: string,
  change: { from: number; to: number },
  now: Date,
): MailDoc {
  const lines = [
    mailTexts.helloName(name || mailTexts.profitRate.dearMember),
    rateChangeText(change.from, change.to),
    mailTexts.profitRate.payout,
  ];
  return {
    to,
    message: {
      subject: mailTexts.profitRate.subject,
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    },
    createdAt: timestamp(now),
  };
}
