/**
 * The jobs as scheduled Cloud Functions (Cloud Scheduler, Europe/Istanbul). Each run works "as of"
 * its scheduled time, so a retry decides exactly as the first attempt; every job is idempotent.
 */
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { logger } from "firebase-functions/v2";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { REGION } from "@platform/common";
import { storageBucketName } from "../config.js";
import { JOBS, JOB_SCHEDULES, JOB_TIME_ZONE, type JobName } from "./registry.js";

const APP_NAME = "scheduled-jobs";
let firestore: Firestore | undefined;

/** A Firestore of its own, so the jobs' settings never meet the API's. */
function jobsApp() {
  return getApps().find((a) => a.name === APP_NAME) ?? initializeApp({}, APP_NAME);
}

function jobsDb(): Firestore {
  if (!firestore) {
    const app = jobsApp();
    firestore = getFirestore(app);
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

function scheduledJob(name: JobName) {
  return onSchedule(
    {
      schedule: JOB_SCHEDULES[name].cron,
      timeZone: JOB_TIME_ZONE,
      region: REGION,
      // The longest a scheduled (event) function may run; the weekly jobs over 10 000 members
      // need a fraction of it (README, "Scheduled jobs").
      timeoutSeconds: 540,
      memory: "1GiB",
      maxInstances: 1,
      retryCount: 3,
    },
    async (event) => {
      const now = new Date(event.scheduleTime);
      const report = await JOBS[name]({
        db: jobsDb(),
        now: Number.isNaN(now.getTime()) ? new Date() : now,
        log: (message) => logger.info(message),
        auth: getAuth(jobsApp()),
        bucket: getStorage(jobsApp()).bucket(storageBucketName()),
      });
      logger.info(`${name} done`, report);
    },
  );
}

export const jobGoLive = scheduledJob("go-live");
export const jobOpenVotes = scheduledJob("open-votes");
export const jobCloseVotes = scheduledJob("close-votes");
export const jobSelectApplicants = scheduledJob("select-applicants");
export const jobApplyRemovalDecisions = scheduledJob("apply-removal-decisions");
export const jobAnnounceHiring = scheduledJob("announce-hiring");
export const jobAnnounceProfitRate = scheduledJob("announce-profit-rate");
export const jobProfitShare = scheduledJob("profit-share");
export const jobRetention = scheduledJob("retention");
