/**
 * `npm run job -- <name> [--at <time>]`: runs one scheduled job against the running local stack
 * as if it were that time (default: now). A time without a zone is Istanbul time:
 *   npm run job -- go-live --at 2026-11-20T12:00
 *   npm run job -- close-votes --at 2026-11-21T00:00
 * `npm run job -- list` shows every job and its schedule.
 */
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import {
  JOBS,
  JOB_NAMES,
  JOB_SCHEDULES,
  type JobName,
} from "../../../functions/src/jobs/registry.js";
import { ports, projectId } from "./paths.js";
import { stackEnvironment } from "./stack.js";
import { portIsFree } from "./wait.js";

const args = process.argv.slice(2);
const atIndex = args.indexOf("--at");
const name = args.find((a, i) => !a.startsWith("--") && (atIndex < 0 || i !== atIndex + 1));

if (!name || name === "list" || name === "help") {
  console.log("Jobs (Europe/Istanbul):");
  for (const job of JOB_NAMES) {
    const s = JOB_SCHEDULES[job];
    console.log(`  ${job.padEnd(24)} ${s.when.padEnd(40)} ${s.what}`);
  }
  console.log(
    "\nnpm run job -- <name> [--at 2026-11-20T12:00]   (a time without a zone is Istanbul time)",
  );
  process.exit(name ? 0 : 1);
}
if (!JOB_NAMES.includes(name as JobName)) {
  console.error(`✖ Unknown job "${name}". Known: ${JOB_NAMES.join(", ")}`);
  process.exit(1);
}

const at = atIndex >= 0 ? parseTime(args[atIndex + 1]) : new Date();
if (!at) {
  console.error(`✖ --at needs a time such as 2026-11-20T12:00 or 2026-11-20T09:00Z`);
  process.exit(1);
}
if (await portIsFree(ports.firestore)) {
  console.error("✖ The local stack is not running (start it with npm start or npm run emulators).");
  process.exit(1);
}

Object.assign(process.env, stackEnvironment());
const bucketName = `${projectId}.appspot.com`;
const app = initializeApp({ projectId, storageBucket: bucketName }, `job-cli-${Date.now()}`);
const db = getFirestore(app);
db.settings({ ignoreUndefinedProperties: true });
try {
  const started = Date.now();
  const report = await JOBS[name as JobName]({
    db,
    now: at,
    log: (line) => console.log(line),
    auth: getAuth(app),
    bucket: getStorage(app).bucket(bucketName),
  });
  console.log(`✔ ${name} as of ${at.toISOString()} (${Date.now() - started} ms)`);
  for (const [key, value] of Object.entries(report)) console.log(`  ${key}: ${String(value)}`);
} catch (err) {
  console.error(`✖ ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}

/** An ISO time; without a zone it is read as Istanbul wall-clock time (UTC+3). */
function parseTime(text: string | undefined): Date | null {
  if (!text) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const withTime = text.includes("T") ? text : `${text}T00:00`;
  const date = new Date(hasZone ? withTime : `${withTime}+03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}
