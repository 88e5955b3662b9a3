/**
 * Real-time listener scale, with the emulator in a child process (bench/emulator-child.ts, so
 * its memory is its own): 500 firebase-admin onSnapshot listeners on one query and the time one
 * change takes to reach all of them; then one listener on a 10 000-document collection while all
 * 10 000 documents change at once (20 commits of 500, sent together), with the emulator's peak
 * memory growth (VmHWM after resetting it) and the heap it retains, against the size of the data
 * (the changed documents' encoded size), for 1 KB and 8 KB documents.
 * Alone: npx tsx bench/listen-scale.ts (the full bench includes it).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { Firestore } from "firebase-admin/firestore";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { listenResponseEncoder } from "../src/firestore/grpc.js";
import { encodeDocument } from "../src/firestore/listen-wire.js";
import { ListenHub } from "../src/firestore/listen.js";
import { ADMIN } from "../src/shared/auth.js";
import type { ChildMemory } from "./emulator-child.js";

const emulatorsDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const PROJECT = "demo-bench-listen";
const LISTENERS = 500;
const FANOUT_ROUNDS = 5;
const BULK_DOCS = 10_000;
/** Each memory figure is the median of this many fresh emulator processes (GC timing varies). */
const BULK_RUNS = 3;
/** Document sizes: at 1 KB V8's fixed young-generation garbage weighs more than the data. */
const BULK_KB = [1, 8];

export interface ScaleRow {
  measure: string;
  concurrency: number | string;
  result: string;
}

/** A field of /proc/<pid>/status, kB (Linux). */
function procKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
    readFileSync(`/proc/${pid}/status`, "utf8"),
  );
  return Number(match?.[1] ?? NaN);
}

/** A child process running bench/emulator-child.ts; `probe` asks it for its memory figures. */
async function startChild() {
  const flags = (process.env.BENCH_CHILD_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    ["--expose-gc", ...flags, "--import", "tsx", "bench/emulator-child.ts"],
    { cwd: emulatorsDir, stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  /** A full GC in the child, then its memory figures. */
  const probe = () =>
    new Promise<ChildMemory>((resolve) => {
      const answer = (m: { memory?: ChildMemory }) => {
        if (!m.memory) return;
        child.off("message", answer);
        resolve(m.memory);
      };
      child.on("message", answer);
      child.send({ op: "gc" });
    });
  return { child, port, probe };
}

/** Listeners whose latest value is tracked; `until(v)` resolves once every one has seen `v`. */
function trackAll<T>(count: number, subscribe: (onValue: (v: T) => void) => () => void) {
  // Filled, not sparse: `every` skips holes, so a listener not heard from yet must count as "no".
  const latest: (T | undefined)[] = Array.from({ length: count }, () => undefined);
  let waiter: { value: T; resolve: () => void } | undefined;
  const check = () => {
    if (waiter && latest.every((v) => v === waiter!.value)) {
      waiter.resolve();
      waiter = undefined;
    }
  };
  const stops = Array.from({ length: count }, (_, i) =>
    subscribe((v) => {
      latest[i] = v;
      check();
    }),
  );
  return {
    until: (value: T) =>
      new Promise<void>((resolve) => {
        waiter = { value, resolve };
        check();
      }),
    stop: () => stops.forEach((stop) => stop()),
  };
}

/**
 * The emulator's share of the fan-out: 500 sessions on the listen core, each response converted
 * and encoded as the gRPC transport does, timed from the commit to the last global snapshot.
 */
async function coreFanout(): Promise<number[]> {
  const engine = new FirestoreEngine();
  const hub = new ListenHub(engine);
  const encoder = listenResponseEncoder();
  const database = "projects/demo-core/databases/(default)";
  const set = (n: number) =>
    engine.commit(
      database,
      {
        writes: [
          {
            update: {
              name: `${database}/documents/board/a`,
              fields: { open: { booleanValue: true }, n: { integerValue: String(n) } },
            },
          },
        ],
      },
      ADMIN,
    );
  await set(0);
  let snapshots = 0;
  let allSent = () => {};
  for (let i = 0; i < LISTENERS; i++) {
    const session = hub.open(ADMIN, {
      send: (response) => {
        encoder.encode(response);
        const change = response.targetChange as { targetIds?: number[] } | undefined;
        if (change && change.targetIds?.length === 0 && ++snapshots === LISTENERS) allSent();
        return true;
      },
      drained: async () => {},
    });
    session.request({
      database,
      addTarget: {
        targetId: 1,
        query: {
          parent: `${database}/documents`,
          structuredQuery: {
            from: [{ collectionId: "board" }],
            where: {
              fieldFilter: {
                field: { fieldPath: "open" },
                op: "EQUAL",
                value: { booleanValue: true },
              },
            },
          },
        },
      },
    });
  }
  const times: number[] = [];
  for (const n of [0, 1, 2, 3]) {
    const sent = new Promise<void>((resolve) => (allSent = resolve));
    const t = performance.now();
    if (n > 0) await set(n);
    await sent;
    if (n > 0) times.push(performance.now() - t);
    snapshots = 0;
  }
  return times.sort((a, b) => a - b);
}

type Child = Awaited<ReturnType<typeof startChild>>;

/** Runs `fn` against a fresh emulator child process (so each memory figure starts clean). */
async function withChild<T>(fn: (db: Firestore, child: Child) => Promise<T>): Promise<T> {
  const child = await startChild();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${child.port}`;
  const app = initializeApp({ projectId: PROJECT }, `bench-listen-${child.port}`);
  try {
    return await fn(getFirestore(app), child);
  } finally {
    await deleteApp(app);
    child.child.kill("SIGTERM");
    await once(child.child, "exit");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function listenScaleRows(): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  // 500 listeners on one query; one change must reach them all.
  const fanout = await withChild(async (db) => {
    await db.doc("board/a").set({ open: true, n: 0 });
    const query = db.collection("board").where("open", "==", true);
    const board = trackAll<number>(LISTENERS, (onValue) =>
      query.onSnapshot((s) => onValue(s.docs[0]?.get("n") as number)),
    );
    await board.until(0);
    const times: number[] = [];
    // Round 0 is not counted: the first change also warms up the 500 client streams' code paths.
    for (let n = 1; n <= FANOUT_ROUNDS + 1; n++) {
      const t = performance.now();
      await db.doc("board/a").update({ n });
      await board.until(n);
      if (n > 1) times.push(performance.now() - t);
    }
    board.stop();
    return times;
  });
  rows.push({
    measure: `one change → all ${LISTENERS} onSnapshot listeners of a query, ms (median of ${FANOUT_ROUNDS}, max)`,
    concurrency: LISTENERS,
    result: `${median(fanout).toFixed(0)} (max ${Math.max(...fanout).toFixed(0)})`,
  });
  const core = await coreFanout();
  rows.push({
    measure: "  of which the emulator: commit → 500th response encoded (in-process), ms",
    concurrency: LISTENERS,
    result: `${core[1]!.toFixed(0)} (max ${core[2]!.toFixed(0)})`,
  });
  for (const kb of BULK_KB) {
    const listened: BulkFigures[] = [];
    const quiet: BulkFigures[] = [];
    for (let run = 0; run < BULK_RUNS; run++) {
      listened.push(await withChild((db, child) => bulkChange(db, child, kb, true)));
      quiet.push(await withChild((db, child) => bulkChange(db, child, kb, false)));
    }
    const dataMb = bulkDataBytes(kb) / 2 ** 20;
    const times = (figures: BulkFigures[], key: keyof BulkFigures) =>
      `${(median(figures.map((f) => f[key])) / dataMb).toFixed(2)}× (max ${(Math.max(...figures.map((f) => f[key])) / dataMb).toFixed(2)}×)`;
    rows.push(
      {
        measure: `${BULK_DOCS} docs × ${kb} KB (${dataMb.toFixed(1)} MB encoded) changed at once → a collection listener, ms (median of ${BULK_RUNS})`,
        concurrency: 1,
        result: median(listened.map((f) => f.ms)).toFixed(0),
      },
      {
        measure: "  emulator peak RSS growth × the data (median, max)",
        concurrency: 1,
        result: times(listened, "peakMb"),
      },
      {
        measure: "  emulator heap retained after GC × the data",
        concurrency: 1,
        result: times(listened, "retainedMb"),
      },
      {
        measure: "  the same change with no listener: peak RSS growth × the data",
        concurrency: 0,
        result: times(quiet, "peakMb"),
      },
    );
  }
  return rows;
}

const bulkName = (i: number) => `projects/${PROJECT}/databases/(default)/documents/bulk/d${i}`;
const bulkPayload = (kb: number) => "x".repeat(kb * 1024 - 100);

/**
 * "The data": the changed documents as a listener receives them, i.e. the sum of their encoded
 * google.firestore.v1.Document sizes (name, fields, create and update time).
 */
function bulkDataBytes(kb: number): number {
  const payload = bulkPayload(kb);
  const time = "2026-01-01T00:00:00.123456Z";
  let bytes = 0;
  for (let i = 0; i < BULK_DOCS; i++) {
    bytes += encodeDocument({
      name: bulkName(i),
      fields: {
        i: { integerValue: String(i) },
        version: { integerValue: "1" },
        payload: { stringValue: payload },
      },
      createTime: time,
      updateTime: time,
    }).length;
  }
  return bytes;
}

interface BulkFigures {
  ms: number;
  /** Peak RSS (VmHWM) during the change minus RSS before it, MB. */
  peakMb: number;
  /** Heap in use after a full GC, after the change minus before it, MB. */
  retainedMb: number;
}

/**
 * 10 000 documents of `kb` KB, then all of them changed at once (20 commits of 500 sent
 * together), with or without a listener of the collection: the time until the listener has them
 * all, the emulator's peak memory growth (VmHWM, reset just before the change) and the heap it
 * still holds afterwards (after a full GC: the new versions, and the previous ones kept for
 * resume tokens and point-in-time reads).
 */
async function bulkChange(
  db: Firestore,
  child: Child,
  kb: number,
  listen: boolean,
): Promise<BulkFigures> {
  const payload = bulkPayload(kb);
  const bulk = db.collection("bulk");
  const write = async (version: number) => {
    await Promise.all(
      Array.from({ length: BULK_DOCS / 500 }, async (_, b) => {
        const batch = db.batch();
        for (let i = b * 500; i < (b + 1) * 500; i++) {
          batch.set(bulk.doc(`d${i}`), { i, version, payload });
        }
        await batch.commit();
      }),
    );
  };
  await write(0);
  const listener = listen
    ? trackAll<number>(1, (onValue) =>
        bulk.onSnapshot((s) => onValue(s.docs.filter((d) => d.get("version") === 1).length)),
      )
    : undefined;
  await listener?.until(0);
  await new Promise((r) => setTimeout(r, 500));
  const before = await child.probe();
  const pid = child.child.pid!;
  const rssBefore = procKb(pid, "VmRSS");
  writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
  const t = performance.now();
  await write(1);
  await listener?.until(BULK_DOCS);
  const ms = performance.now() - t;
  const peakMb = (procKb(pid, "VmHWM") - rssBefore) / 1024;
  listener?.stop();
  const after = await child.probe();
  return { ms, peakMb, retainedMb: (after.heapUsed - before.heapUsed) / 2 ** 20 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.METADATA_SERVER_DETECTION = "none";
  for (const r of await listenScaleRows())
    console.log(`${r.measure}  ${r.concurrency}  ${r.result}`);
}
