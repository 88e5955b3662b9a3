/**
 * The local clock of `npm start`: the Functions emulator does not run schedules, so this runs
 * each job when its cron (the same table as production, Europe/Istanbul) matches the minute,
 * against the local stack. At start the sweeps run once, to catch up with windows that ended
 * while the stack was down. One job at a time; stopping waits for the one running.
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import {
  JOBS,
  JOB_NAMES,
  JOB_SCHEDULES,
  type JobName,
  cronMatches,
} from "../../../functions/src/jobs/registry.js";

const MINUTE_MS = 60_000;
const TICK_MS = 10_000;
/** Jobs that run every few minutes: also run once when the clock starts. */
const SWEEPS = JOB_NAMES.filter((name) => JOB_SCHEDULES[name].cron.startsWith("*/"));

export interface JobClock {
  stop(): Promise<void>;
}

export function startJobClock(opts: {
  projectId: string;
  log: (line: string) => void;
  /** The clock; a test or a demo may run it at another time. */
  now?: () => Date;
}): JobClock {
  const now = opts.now ?? (() => new Date());
  const app: App = initializeApp({ projectId: opts.projectId }, `job-clock-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });

  let lastMinute = Math.floor(now().getTime() / MINUTE_MS);
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;

  const runJobs = async (names: readonly JobName[], at: Date) => {
    for (const name of names) {
      if (stopped) return;
      try {
        const report = await JOBS[name]({ db, now: at, log: () => undefined });
        opts.log(`[jobs] ${name} at ${at.toISOString()}: ${JSON.stringify(report)}`);
      } catch (err) {
        opts.log(`[jobs] ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  const tick = () => {
    if (busy || stopped) return;
    const current = Math.floor(now().getTime() / MINUTE_MS);
    const due: { at: Date; names: JobName[] }[] = [];
    for (let minute = lastMinute + 1; minute <= current; minute++) {
      const at = new Date(minute * MINUTE_MS);
      const names = JOB_NAMES.filter((name) => cronMatches(JOB_SCHEDULES[name].cron, at));
      if (names.length > 0) due.push({ at, names });
    }
    lastMinute = current;
    if (due.length === 0) return;
    busy = true;
    running = (async () => {
      for (const { at, names } of due) await runJobs(names, at);
    })().finally(() => {
      busy = false;
    });
  };

  busy = true;
  running = runJobs(SWEEPS, now()).finally(() => {
    busy = false;
  });
  const timer = setInterval(tick, TICK_MS);
  opts.log("[jobs] local job clock started: scheduled jobs run on this machine's clock");

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await deleteApp(app);
    },
  };
}
