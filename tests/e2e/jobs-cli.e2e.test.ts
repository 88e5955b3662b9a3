/**
 * The scheduled jobs on the local stack: `npm run job -- <name> --at <time>` moves the demo
 * dataset through a week (go-live, votes, selection), and the local job clock of `npm start`
 * runs whatever its cron says is due.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istanbulTime, paths } from "@platform/common";
import { seedDemoData } from "@platform/stack/demo";
import { projectId, repoRoot } from "@platform/stack/paths";
import { stackEnvironment } from "@platform/stack/stack";
import { startJobClock } from "@platform/stack/clock";
import { clearStackData } from "../support/stack-env.js";

const exec = promisify(execFile);
// The demo data as seeded on Wednesday 18 November 2026: one project goes live on Friday 20th.
const seededAt = istanbulTime(2026, 11, 18, 10);
const fridayNoon = "2026-11-20T12:00";

let app: App;
let db: Firestore;

beforeAll(async () => {
  Object.assign(process.env, stackEnvironment());
  // Job runs make every job once per period: an earlier suite's run of this week (the console's
  // go-live, say) would turn these runs into no-ops. Start from an empty stack.
  await clearStackData();
  await seedDemoData({ projectId, now: seededAt, force: true });
  app = initializeApp({ projectId }, "jobs-e2e");
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
});

async function job(...args: string[]) {
  const { stdout } = await exec("npm", ["run", "--silent", "job", "--", ...args], {
    cwd: repoRoot,
    env: process.env,
  });
  return stdout;
}

describe("npm run job", () => {
  it("lists the jobs with their schedules", async () => {
    const out = await job("list");
    expect(out).toContain("go-live");
    expect(out).toContain("Saturday 00:00");
    expect(out).toContain("profit-share");
  });

  it("puts the queued project live on Friday 12:00 and opens the week's votes", async () => {
    const live = await job("go-live", "--at", fridayNoon);
    expect(live).toContain("✔ go-live as of 2026-11-20T09:00:00.000Z");
    expect(live).toContain("projectId: bisiklet-haritasi");
    const project = (await db.doc(paths.project("bisiklet-haritasi")).get()).data()!;
    expect(project.isLive).toBe(true);
    expect(project.liveSince.toDate().toISOString()).toBe("2026-11-20T09:00:00.000Z");
    expect((await db.doc(paths.project("ciftci-pazari")).get()).get("isLive")).toBe(false);

    const votes = await job("open-votes", "--at", fridayNoon);
    expect(votes).toContain("opened: true");
    const opened = await db.collection(paths.votes).where("weekId", "==", "2026-11-20").get();
    expect(opened.size).toBeGreaterThan(0);
    expect(opened.docs.every((v) => v.get("status") === "PENDING")).toBe(true);
  });

  it("closes the vote at Saturday 00:00 and runs selections at Saturday 12:00", async () => {
    const closed = await job("close-votes", "--at", "2026-11-21T00:00");
    expect(closed).toContain("weekId: 2026-11-20");
    const pending = await db
      .collection(paths.votes)
      .where("weekId", "==", "2026-11-20")
      .where("status", "==", "PENDING")
      .get();
    expect(pending.size).toBe(0);

    const selected = await job("select-applicants", "--at", "2026-11-21T12:00");
    expect(selected).toContain("✔ select-applicants");
    // Nobody applied to the Junior Project Manager's seat: its window runs another 24 hours; the
    // other seats opened at Saturday 12:00 for 24 hours. All of them end on Sunday 12:00.
    const seats = await db
      .collection(paths.positions("bisiklet-haritasi"))
      .where("status", "==", "OPEN")
      .get();
    expect(seats.size).toBeGreaterThan(0);
    for (const seat of seats.docs) {
      expect(seat.get("windowEndsAt").toDate().toISOString()).toBe("2026-11-22T09:00:00.000Z");
    }
  });

  it("refuses an unknown job", async () => {
    await expect(job("no-such-job")).rejects.toThrow(/Unknown job/);
  });
});

describe("the local job clock", () => {
  it("runs the jobs whose schedule matches the minute", async () => {
    await db.doc(paths.platformConfig).update({ profitRate: 0.12 });
    const lines: string[] = [];
    const clock = startJobClock({
      projectId,
      log: (line) => lines.push(line),
      now: () => istanbulTime(2026, 11, 23, 10, 3),
    });
    // At start the sweeps run once: the rate change is announced.
    await expect
      .poll(() => lines.some((l) => l.includes("announce-profit-rate")), { timeout: 30_000 })
      .toBe(true);
    await clock.stop();
    expect(lines.some((l) => l.includes("select-applicants"))).toBe(true);
    expect((await db.doc(paths.platformConfig).get()).get("announcedProfitRate")).toBe(0.12);
    expect((await db.collection(paths.mail).count().get()).data().count).toBeGreaterThan(0);
  });
});
