/** Every job by name: what the scheduled functions, `npm run job` and the local clock run. */
import { announceHiring } from "./announce-hiring.js";
import { announceProfitRate } from "./announce-profit-rate.js";
import { applyRemovalDecisions } from "./apply-removal-decisions.js";
import { closeVotes } from "./close-votes.js";
import { goLive } from "./go-live.js";
import { openVotes } from "./open-votes.js";
import { profitShare } from "./profit-share.js";
import { retention } from "./retention.js";
import type { JobContext, JobReport } from "./runtime.js";
import type { JobName } from "./schedules.js";
import { selectApplicants } from "./select-applicants.js";

export const JOBS: Record<JobName, (ctx: JobContext) => Promise<JobReport>> = {
  "go-live": goLive,
  "open-votes": openVotes,
  "close-votes": closeVotes,
  "select-applicants": selectApplicants,
  "apply-removal-decisions": applyRemovalDecisions,
  "announce-hiring": announceHiring,
  "announce-profit-rate": announceProfitRate,
  "profit-share": profitShare,
  retention,
};

export { JOB_NAMES, JOB_SCHEDULES, JOB_TIME_ZONE, cronMatches, type JobName } from "./schedules.js";
export type { JobContext, JobReport } from "./runtime.js";
