/**
 * When each job runs (Europe/Istanbul), in cron syntax: the same table drives the scheduled
 * functions in production and the local clock of `npm start`.
 */
import { istanbulParts } from "@platform/common";

export const JOB_TIME_ZONE = "Europe/Istanbul";

export const JOB_NAMES = [
  "go-live",
  "open-votes",
  "close-votes",
  "select-applicants",
  "apply-removal-decisions",
  "announce-hiring",
  "announce-profit-rate",
  "profit-share",
  "retention",
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobSchedule {
  cron: string;
  /** For the README, `npm run job -- list` and logs. */
  when: string;
  what: string;
}

export const JOB_SCHEDULES: Record<JobName, JobSchedule> = {
  "go-live": {
    cron: "0 12 * * 5",
    when: "Friday 12:00",
    what: "the next queued project (by goLiveAt) goes live; PROJECT_TO_LIVE to every member",
  },
  "open-votes": {
    cron: "0 12 * * 5",
    when: "Friday 12:00",
    what: "the week's votes for every live team; PROJECT_USER_VOTETIME to each voter",
  },
  "close-votes": {
    // The vote takes answers through Friday 23:59 (docs/product-rules.md#votes-weekly-window): it closes when Saturday begins.
    cron: "0 0 * * 6",
    when: "Saturday 00:00",
    what: "ratings and skill averages, feedback, removal reviews; PROJECT_USER_VOTECOMPLETED",
  },
  "select-applicants": {
    cron: "*/5 * * * *",
    when: "every 5 minutes",
    what: "ended 24-hour windows: select an applicant, or extend the window by 24 hours",
  },
  "apply-removal-decisions": {
    cron: "*/5 * * * *",
    when: "every 5 minutes",
    what: "applies removal decisions recorded by ops on removalReviews",
  },
  "announce-hiring": {
    cron: "*/5 * * * *",
    when: "every 5 minutes",
    what: "PROJECT_HIRING for each newly opened seat to every member who could take it",
  },
  "announce-profit-rate": {
    cron: "*/5 * * * *",
    when: "every 5 minutes",
    what: "mails every member when config/platform.profitRate changed",
  },
  "profit-share": {
    cron: "0 10 * * *",
    when: "daily 10:00 (does the work on the 15th)",
    what: "statements and summary of the previous month once its net profit is entered",
  },
  retention: {
    cron: "0 3 * * *",
    when: "daily 03:00",
    what:
      "KVKK retention: finishes account deletions; deletes registrations unfinished after 7 days, " +
      "mail after 30 days, expired limit counters, uploads never recorded after 24 hours",
  },
};

/** Does a five-field cron expression match this minute (Istanbul wall clock)? */
export function cronMatches(cron: string, instant: Date): boolean {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`not a five-field cron expression: ${cron}`);
  const p = istanbulParts(instant);
  const values = [p.minute, p.hour, p.day, p.month, p.weekday];
  return fields.every((field, i) => fieldMatches(field, values[i]!));
}

function fieldMatches(field: string, value: number): boolean {
  return field.split(",").some((part) => {
    const [range, stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    let low: number;
    let high: number;
    if (range === "*") {
      low = 0;
      high = Number.MAX_SAFE_INTEGER;
    } else if (range!.includes("-")) {
      [low, high] = range!.split("-").map(Number) as [number, number];
    } else {
      low = Number(range);
      high = stepText === undefined ? low : Number.MAX_SAFE_INTEGER;
    }
    if (!Number.isInteger(step) || step < 1 || Number.isNaN(low) || Number.isNaN(high)) {
      throw new Error(`unsupported cron field: ${field}`);
    }
    return value >= low && value <= high && (value - low) % step === 0;
  });
}
