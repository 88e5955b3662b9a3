/**
 * What the console needs to show and run a project's scheduled jobs. The console is generic;
 * the orchestrator plugs in the project's own job table and runner (cli/console-jobs.ts).
 */
export interface ConsoleJob {
  name: string;
  cron: string;
  /** The schedule in words, e.g. "Friday 12:00". */
  when: string;
  what: string;
  /** Ids of this job's run records in the runs collection start with this. */
  runPrefix?: string;
}

export interface JobRunResult {
  job: string;
  /** The time the job ran as of (ISO). */
  at: string;
  startedAt: string;
  ok: boolean;
  output: string;
}

export interface ConsoleJobs {
  timeZone: string;
  /** Firestore collection where the jobs record their runs. */
  runsCollection?: string;
  list(): ConsoleJob[];
  /** Runs a job now, as of `at` (an ISO time; a time without zone is the jobs' time zone). */
  run(name: string, at?: string): Promise<JobRunResult>;
}
