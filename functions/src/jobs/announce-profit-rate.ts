/**
 * Every few minutes: when an admin has changed `config/platform.profitRate` in the console, every
 * member is mailed the new rate (spec §1), then `announcedProfitRate` records it. Mails go out in
 * pages committed with the announcement's cursor, so a crash resumes without mailing anyone twice.
 * If the rate changes again before the announcement is finished, a new one starts for the newest
 * rate: members hear the rate that applies.
 */
import type { DocumentReference, WriteBatch } from "firebase-admin/firestore";
import {
  type MailDoc,
  type PlatformConfigDoc,
  type UserContactDoc,
  type UserDoc,
  formatRateTr,
  paths,
  pendingRateAnnouncement,
} from "@platform/common";
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
  const pending = pendingRateAnnouncement((await configRef.get()).data());
  if (!pending) return { announced: false };

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
    `Merhaba ${name || "değerli üyemiz"},`,
    `Platformun net kârdan aldığı pay ${formatRateTr(change.from)} yerine ${formatRateTr(change.to)} olarak güncellendi.`,
    "Kalan tutar her ayın 15'inde, bir önceki ay için, çalışılan gün sayısına göre 18 yaşını doldurmuş Junior üyeler arasında paylaştırılır ve bildirdiğiniz IBAN'a ödenir.",
  ];
  return {
    to,
    message: {
      subject: "Kâr paylaşımı oranı güncellendi",
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    },
    createdAt: timestamp(now),
  };
}
