/**
 * Real-time listener scale, with the emulator in a child process (so its memory is its own):
 * 500 firebase-admin onSnapshot listeners on one query and the time one change takes to reach
 * all of them; then one listener on a 10 000-document collection while all 10 000 documents
 * change at once (20 commits of 500, sent together), with the emulator's peak memory growth
 * (VmHWM after resetting it) against the size of the data, for 1 KB and 8 KB documents.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { Firestore } from "firebase-admin/firestore";
import { FirestoreEngine } from "../src/firestore/engine.js";
import { ProtoJsonConverter } from "../src/firestore/grpc-convert.js";
import { loadFirestoreRoot } from "../src/firestore/grpc-protos.js";
import { firestoreServiceDefinition } from "../src/firestore/grpc.js";
import { ListenHub } from "../src/firestore/listen.js";
import { ADMIN } from "../src/shared/auth.js";

const emulatorsDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const LISTENERS = 500;
const BULK_DOCS = 10_000;
/** Document sizes: at 1 KB V8's fixed young-generation garbage weighs more than the data. */
const BULK_KB = [1, 8];

export interface ScaleRow {
  measure: string;
  concurrency: number | string;
  result: string;
}

function procKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
    readFileSync(`/proc/${pid}/status`, "utf8"),
  );
  return Number(match?.[1] ?? NaN);
}

async function startChild() {
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "src/firestore/main.ts", "--port", "0"],
    { cwd: emulatorsDir, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
      const m = /listening on [\d.]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  return { child, port };
}

/** Listeners whose latest value is tracked; `until(v)` resolves once every one has seen `v`. */
function trackAll<T>(count: number, subscribe: (onValue: (v: T) => void) => () => void) {
  const latest: (T | undefined)[] = new Array<T | undefined>(count);
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
  const encode = firestoreServiceDefinition().Listen!.responseSerialize;
  const converter = new ProtoJsonConverter(loadFirestoreRoot());
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
        encode(converter.fromJson("google.firestore.v1.ListenResponse", response));
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

/** Runs `fn` against a fresh emulator child process (so each memory figure starts clean). */
async function withChild<T>(fn: (db: Firestore, pid: number) => Promise<T>): Promise<T> {
  const { child, port } = await startChild();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId: "demo-bench-listen" }, `bench-listen-${port}`);
  try {
    return await fn(getFirestore(app), child.pid!);
  } finally {
    await deleteApp(app);
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}

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
    for (const n of [1, 2, 3]) {
      const t = performance.now();
      await db.doc("board/a").update({ n });
      await board.until(n);
      times.push(performance.now() - t);
    }
    board.stop();
    return times.sort((a, b) => a - b);
  });
  rows.push({
    measure: `one change → all ${LISTENERS} onSnapshot listeners of a query, ms (median of 3, max)`,
    concurrency: LISTENERS,
    result: `${fanout[1]!.toFixed(0)} (max ${fanout[2]!.toFixed(0)})`,
  });
  const core = await coreFanout();
  rows.push({
    measure: "  of which the emulator: commit → 500th response encoded (in-process), ms",
    concurrency: LISTENERS,
    result: `${core[1]!.toFixed(0)} (max ${core[2]!.toFixed(0)})`,
  });
  for (const kb of BULK_KB) {
    const listened = await withChild((db, pid) => bulkChange(db, pid, kb, true));
    const quiet = await withChild((db, pid) => bulkChange(db, pid, kb, false));
    const dataMb = (BULK_DOCS * kb) / 1024;
    const ratio = (mb: number) => `${mb.toFixed(1)} (${(mb / dataMb).toFixed(2)}×)`;
    rows.push(
      {
        measure: `${BULK_DOCS} docs × ${kb} KB (${dataMb.toFixed(0)} MB) changed at once → a collection listener, ms`,
        concurrency: 1,
        result: listened.ms.toFixed(0),
      },
      {
        measure: "  emulator peak memory growth, MB (× the data)",
        concurrency: 1,
        result: ratio(listened.growthMb),
      },
      {
        measure: "  the same change with no listener (commits alone), MB",
        concurrency: 0,
        result: ratio(quiet.growthMb),
      },
    );
  }
  return rows;
}

/**
 * 10 000 documents of `kb` KB, then all of them changed at once (20 commits of 500 sent
 * together), with or without a listener of the collection: the time until the listener has them
 * all, and the emulator's peak memory growth (VmHWM, reset just before the change).
 */
async function bulkChange(
  db: Firestore,
  pid: number,
  kb: number,
  listen: boolean,
): Promise<{ ms: number; growthMb: number }> {
  const payload = "x".repeat(kb * 1024 - 100);
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
  const rssBefore = procKb(pid, "VmRSS");
  writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
  const t = performance.now();
  await write(1);
  await listener?.until(BULK_DOCS);
  const ms = performance.now() - t;
  const growthMb = (procKb(pid, "VmHWM") - rssBefore) / 1024;
  listener?.stop();
  return { ms, growthMb };
}
