/**
 * The platform's scheduled jobs as the local console shows and runs them: the job table of
 * functions/src/jobs, and runs through `npm run job`'s own CLI (job.ts), so "run now" and
 * "run as of" in the console do exactly what the command does.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { paths } from "@platform/common";
import {
  JOB_NAMES,
  JOB_SCHEDULES,
  JOB_TIME_ZONE,
  type JobName,
} from "../../../functions/src/jobs/registry.js";
import type { ConsoleJobs, JobRunResult } from "../console/jobs.js";
import { repoRoot } from "./paths.js";

/** Ids of the run records each job writes in jobRuns (the sweeps keep none). */
const RUN_PREFIXES: Partial<Record<JobName, string>> = {
  "go-live": "go-live-",
  "open-votes": "open-votes-",
  "close-votes": "close-votes-",
  "announce-profit-rate": "profit-rate-announcement",
  "profit-share": "profit-share-",
};

const tsxBin = join(repoRoot, "node_modules/.bin/tsx");
const jobCli = join(repoRoot, "stack/src/cli/job.ts");

export function platformConsoleJobs(log: (line: string) => void): ConsoleJobs {
  return {
    timeZone: JOB_TIME_ZONE,
    runsCollection: paths.jobRuns,
    list: () =>
      JOB_NAMES.map((name) => ({
        name,
        ...JOB_SCHEDULES[name],
        ...(RUN_PREFIXES[name] ? { runPrefix: RUN_PREFIXES[name] } : {}),
      })),
    run: (name, at) => runJobCli(name, at, log),
  };
}

function runJobCli(
  name: string,
  at: string | undefined,
  log: (line: string) => void,
): Promise<JobRunResult> {
  const startedAt = new Date().toISOString();
  const args = [jobCli, name, ...(at ? ["--at", at] : [])];
  log(`console: npm run job -- ${args.slice(1).join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(tsxBin, args, { cwd: repoRoot, env: process.env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const finish = (ok: boolean) => {
      for (const line of output.split("\n")) if (line.trim()) log(line);
      resolve({ job: name, at: at ?? startedAt, startedAt, ok, output: output.trim() });
    };
    child.once("error", (err) => {
      output += String(err);
      finish(false);
    });
    child.once("close", (code) => finish(code === 0));
  });
}
