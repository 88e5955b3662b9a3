/**
 * Measures every scheduled job at the platform's target scale on our Firestore emulator:
 * 10 000 members, 1 000 live teams of 8 (6 Juniors, 2 Seniors) and 2 000 members applying to one
 * open seat per team. The emulator runs in its own process, as in the local stack; the jobs talk
 * to it through firebase-admin (gRPC). Each job runs twice: the second run shows the cost of an
 * idempotent re-run. With --latency the whole run is repeated against an emulator that delays
 * every request by that many milliseconds (production answers in tens of milliseconds, the local
 * emulator in about one). Prints a table per latency; the figures go into the README.
 *   tsx functions/bench/jobs.bench.ts [--projects 1000] [--latency 0,40]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { type MemberType, type VoteDoc, istanbulTime, paths } from "@platform/common";
import { type BuiltDocument, builders, teamMember } from "@platform/common/testing";
import { JOBS, type JobName } from "../src/jobs/registry.js";
import { BatchWriter } from "../src/jobs/runtime.js";

const { values } = parseArgs({
  options: {
    projects: { type: "string", default: "1000" },
    latency: { type: "string", default: "0,40" },
  },
});
const PROJECTS = Number(values.projects);
const LATENCIES = values.latency.split(",").map(Number);
const JUNIORS = 6;
const SENIORS = 2;
const APPLICANTS = 2;
const MEMBERS = PROJECTS * (JUNIORS + SENIORS + APPLICANTS);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");
const friday = istanbulTime(2026, 11, 20, 12);
const week = "2026-11-20";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startEmulator(port: number, latencyMs: number): Promise<ChildProcess> {
  const child = spawn(
    join(repoRoot, "node_modules/.bin/tsx"),
    [
      "emulators/src/firestore/main.ts",
      ...["--port", String(port), "--latency", `${latencyMs}ms`, "--quiet"],
    ],
    { cwd: repoRoot, stdio: ["ignore", "inherit", "inherit"] },
  );
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill();
  throw new Error("the Firestore emulator did not start");
}

const uid = (i: number) => `u${String(i).padStart(5, "0")}`;

/** The dataset: members, teams with their seats, one open seat per team with applicants. */
async function populate(db: Firestore) {
  const writer = new BatchWriter(db);
  const put = ({ path, data }: BuiltDocument) =>
    writer.group(1, (batch) => batch.set(db.doc(path), data));
  const joined = istanbulTime(2026, 10, 5, 12);
  const build = builders(joined);
  const typeOf = (seat: number): MemberType =>
    seat >= JUNIORS && seat < JUNIORS + SENIORS ? "SENIOR" : "JUNIOR";
  for (let i = 0; i < MEMBERS; i++) {
    const p = Math.floor(i / (JUNIORS + SENIORS + APPLICANTS));
    const seat = i % (JUNIORS + SENIORS + APPLICANTS);
    const inTeam = seat < JUNIORS + SENIORS;
    const type = typeOf(seat);
    await put(
      build.profile(uid(i), type, {
        name: `Üye ${i}`,
        birthDate: i % 20 === 0 ? "2010-01-01" : "1998-06-01",
        skills: [{ name: "React" }, { name: "TypeScript" }],
        currentProjectId: inTeam ? `p${p}` : null,
        currentProjectTitle: inTeam ? `Proje ${p}` : null,
      }),
    );
    if (!inTeam) await put(build.state(uid(i), { projectId: `p${p}`, positionId: "open" }));
    await put(build.contact(uid(i)));
    await put(build.details(uid(i), { iban: i % 7 === 0 ? "" : "TR01" }));
    if (inTeam) {
      await put(
        build.member(
          `p${p}`,
          { uid: uid(i), name: `Üye ${i}`, type },
          { positionId: `seat-${seat}` },
        ),
      );
      await put(
        build.position(`p${p}`, `seat-${seat}`, {
          type,
          status: "FILLED",
          filledBy: uid(i),
          windowEndsAt: joined,
        }),
      );
    } else {
      await put(
        build.application(`p${p}`, "open", uid(i), {
          ratingAtApply: (i % 5) + 0.5,
          appliedAt: istanbulTime(2026, 11, 20, 13, i % 60),
        }),
      );
    }
  }
  for (let p = 0; p < PROJECTS; p++) {
    const team = Array.from({ length: JUNIORS + SENIORS }, (_, s) => {
      const i = p * (JUNIORS + SENIORS + APPLICANTS) + s;
      return teamMember({ uid: uid(i), name: `Üye ${i}`, type: typeOf(s) });
    });
    await put(
      build.project(`p${p}`, {
        title: `Proje ${p}`,
        liveSince: istanbulTime(2026, 10, 2, 12),
        openPositionCount: 1,
        managerId: team[0]!.uid,
        team,
      }),
    );
    await put(
      build.position(`p${p}`, "open", {
        windowStartsAt: istanbulTime(2026, 11, 20, 12),
        windowEndsAt: istanbulTime(2026, 11, 21, 12),
        applicantCount: APPLICANTS,
      }),
    );
  }
  await put(
    build.project("queued", {
      title: "Sıradaki Proje",
      status: "NotStarted",
      isLive: false,
      goLiveAt: friday,
    }),
  );
  await put(build.platformConfig());
  await put(build.payoutPeriod("2026-11", 250_000));
  await writer.flush();
}

/** Every pending PEER and SKILL vote answered; one Junior per team asked to be removed by all. */
async function answerVotes(db: Firestore) {
  const votes = await db.collection(paths.votes).where("weekId", "==", week).get();
  const writer = new BatchWriter(db);
  const build = builders(istanbulTime(2026, 11, 20, 15));
  for (const v of votes.docs) {
    const vote = v.data() as VoteDoc;
    const target = Number(vote.targetUserId.slice(1));
    const removal = target % (JUNIORS + SENIORS + APPLICANTS) === 0 && vote.kind === "PEER";
    const answer = build.voteAnswer(vote, {
      scores:
        vote.kind === "MENTOR"
          ? null
          : { timeControl: 4, communication: 3, problemSolving: 5, improvement: 4, initiative: 2 },
      feedback: vote.kind === "PEER" ? "İyi iş çıkardı." : "",
      discardWanted: removal,
      discardReason: removal ? "Katkı yok" : "",
      skillVotes: vote.kind === "SKILL" ? { React: 4, TypeScript: 0 } : {},
    });
    await writer.group(2, (batch) => {
      batch.set(db.doc(answer.path), answer.data);
      batch.update(v.ref, { status: "COMPLETED" });
    });
  }
  await writer.flush();
  return votes.size;
}

interface Row {
  job: string;
  asOf: string;
  firstMs: number;
  againMs: number;
  report: string;
}

async function measure(db: Firestore, name: JobName, at: Date, rows: Row[]) {
  const timed = async () => {
    const started = performance.now();
    const report = await JOBS[name]({ db, now: at, log: () => undefined });
    return { ms: Math.round(performance.now() - started), report };
  };
  const first = await timed();
  const again = await timed();
  rows.push({
    job: name,
    asOf: at.toISOString(),
    firstMs: first.ms,
    againMs: again.ms,
    report: JSON.stringify(first.report),
  });
  console.log(`  ${name}: ${first.ms} ms, again ${again.ms} ms ${JSON.stringify(first.report)}`);
}

/** Populates a fresh emulator with `latencyMs` and measures every job on it. */
async function benchAt(latencyMs: number): Promise<Row[]> {
  const port = await freePort();
  const emulator = await startEmulator(port, latencyMs);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  process.env.METADATA_SERVER_DETECTION = "none";
  const app = initializeApp({ projectId: "demo-jobs-bench" }, `jobs-bench-${latencyMs}`);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  try {
    console.log(`${latencyMs} ms per request: populating ${MEMBERS} members, ${PROJECTS} teams…`);
    let started = performance.now();
    await populate(db);
    console.log(`  ${Math.round(performance.now() - started)} ms`);

    const rows: Row[] = [];
    await measure(db, "go-live", friday, rows);
    await measure(db, "open-votes", friday, rows);
    started = performance.now();
    const answered = await answerVotes(db);
    console.log(`  (answered ${answered} votes in ${Math.round(performance.now() - started)} ms)`);
    await measure(db, "close-votes", istanbulTime(2026, 11, 20, 23, 59), rows);
    await measure(db, "select-applicants", istanbulTime(2026, 11, 21, 12), rows);
    const reviews = await db.collection(paths.removalReviews).get();
    const writer = new BatchWriter(db);
    for (const [i, r] of reviews.docs.entries()) {
      const decision = i % 2 === 0 ? "REMOVE" : "KEEP";
      await writer.group(1, (batch) => batch.update(r.ref, { decision, decidedBy: "ops" }));
    }
    await writer.flush();
    await measure(db, "apply-removal-decisions", istanbulTime(2026, 11, 23, 10), rows);
    await db.doc(paths.platformConfig).update({ profitRate: 0.12 });
    await measure(db, "announce-profit-rate", istanbulTime(2026, 11, 23, 10, 5), rows);
    await measure(db, "profit-share", istanbulTime(2026, 12, 15, 10), rows);
    return rows;
  } finally {
    await deleteApp(app);
    emulator.kill("SIGTERM");
  }
}

const results = new Map<number, Row[]>();
for (const latencyMs of LATENCIES) results.set(latencyMs, await benchAt(latencyMs));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`\n${MEMBERS} members, ${PROJECTS} teams, emulator in its own process`);
console.log(
  `| job | ${LATENCIES.map((l) => `${l} ms: first run | ${l} ms: second run`).join(" | ")} | what the first run did |`,
);
console.log(`| --- | ${LATENCIES.map(() => "---: | ---:").join(" | ")} | --- |`);
for (const [i, r] of results.get(LATENCIES[0]!)!.entries()) {
  const cells = LATENCIES.map((l) => {
    const row = results.get(l)![i]!;
    return `${seconds(row.firstMs)} | ${seconds(row.againMs)}`;
  });
  console.log(`| \`${r.job}\` | ${cells.join(" | ")} | ${r.report} |`);
}
console.log(`peak RSS of the job process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
