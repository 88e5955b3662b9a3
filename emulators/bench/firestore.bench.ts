/**
 * Firestore emulator benchmark through firebase-admin (gRPC), as the platform's code talks to it:
 * single-document commits/s, point reads/s, and the latency of a 3-filter query over 10 000
 * documents, measured again once 100 000 documents of unrelated collections are present; commits
 * again with the crash-safe journal on; then real-time listener scale (bench/listen-scale.ts).
 * Run: npm run bench -w emulators (about two minutes).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import * as grpc from "@grpc/grpc-js";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { Firestore } from "firebase-admin/firestore";
import { firestoreServiceDefinition } from "../src/firestore/grpc.js";
import { loadFirestorePackage } from "../src/firestore/grpc-protos.js";
import { startFirestoreEmulator } from "../src/firestore/server.js";
import type { FirestoreEngine } from "../src/firestore/engine.js";
import { ADMIN } from "../src/shared/auth.js";
import { listenScaleRows } from "./listen-scale.js";

const PROJECT = "demo-bench";
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const PHASE_MS = 4000;
const QUERY_DOCS = 10_000;
const NOISE_COLLECTIONS = 2;
const NOISE_DOCS = 50_000;
const QUERY_RUNS = 300;

interface Row {
  measure: string;
  concurrency: number | string;
  result: string;
}

/** Runs `op` from `concurrency` loops for `ms`; returns completed operations per second. */
async function throughput(concurrency: number, ms: number, op: (i: number) => Promise<unknown>) {
  let done = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await op(done++);
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latencies(runs: number, op: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await op();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Seeds straight through the engine, 500 writes per commit: the setup is not what is measured. */
async function seed(
  engine: FirestoreEngine,
  collection: string,
  count: number,
  fields: (i: number) => Record<string, unknown>,
) {
  for (let start = 0; start < count; start += 500) {
    const writes = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      writes.push({
        update: {
          name: `${DATABASE}/documents/${collection}/d${String(i).padStart(6, "0")}`,
          fields: fields(i) as never,
        },
      });
    }
    await engine.commit(DATABASE, { writes }, ADMIN);
  }
}

const int = (n: number) => ({ integerValue: String(n) });

/**
 * What grpc-js alone manages on this machine: a GetDocument handler that answers at once, called
 * with a raw client. The emulator's figures are read against this ceiling.
 */
async function grpcEchoBaseline(): Promise<number> {
  const server = new grpc.Server();
  server.addService(firestoreServiceDefinition(), {
    GetDocument: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback(null, { name: "x" }),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  const loaded = grpc.loadPackageDefinition(loadFirestorePackage()) as unknown as {
    google: { firestore: { v1: { Firestore: typeof grpc.Client } } };
  };
  const client = new loaded.google.firestore.v1.Firestore(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  ) as grpc.Client & { getDocument(req: unknown, cb: (err: unknown) => void): void };
  const get = () =>
    new Promise<void>((resolve, reject) =>
      client.getDocument({ name: "x" }, (err) => (err ? reject(err) : resolve())),
    );
  try {
    await get();
    return await throughput(1, PHASE_MS / 2, get);
  } finally {
    client.close();
    server.forceShutdown();
  }
}

/** The same commits against an emulator with an export directory, i.e. with the journal on. */
async function journaledCommitRows(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-journal-"));
  const emulator = await startFirestoreEmulator({ port: 0, quiet: true, exportDir: dir });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  const app = initializeApp({ projectId: PROJECT }, "bench-journal");
  const db = getFirestore(app);
  const rows: Row[] = [];
  try {
    await db.doc("warmup/x").set({ v: 1 });
    for (const concurrency of [1, 16]) {
      const rate = await throughput(concurrency, PHASE_MS, (i) =>
        db
          .collection("writes")
          .doc(`c${concurrency}-${i}`)
          .set({ i, at: new Date(), tag: "bench" }),
      );
      rows.push({
        measure: "  same, journaled (written before the answer)",
        concurrency,
        result: rate.toFixed(0),
      });
    }
  } finally {
    await deleteApp(app);
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  process.env.METADATA_SERVER_DETECTION = "none";
  const emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  const app = initializeApp({ projectId: PROJECT }, "bench");
  const db: Firestore = getFirestore(app);
  const rows: Row[] = [];
  const began = performance.now();

  try {
    await db.doc("warmup/x").set({ v: 1 }); // channel setup and proto loading
    const echo = await grpcEchoBaseline();
    rows.push({
      measure: "baseline: grpc-js empty unary calls/s",
      concurrency: 1,
      result: echo.toFixed(0),
    });

    for (const concurrency of [1, 16]) {
      const rate = await throughput(concurrency, PHASE_MS, (i) =>
        db
          .collection("writes")
          .doc(`c${concurrency}-${i}`)
          .set({ i, at: new Date(), tag: "bench" }),
      );
      rows.push({ measure: "single-document commits/s", concurrency, result: rate.toFixed(0) });
    }

    rows.push(...(await journaledCommitRows()));
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;

    await seed(emulator.engine, "items", QUERY_DOCS, (i) => ({
      a: int(i % 10),
      b: int(Math.floor(i / 10) % 100),
      c: int(i),
      label: { stringValue: `item ${i}` },
    }));
    for (const concurrency of [1, 16]) {
      const rate = await throughput(concurrency, PHASE_MS, (i) =>
        db.doc(`items/d${String((i * 7919) % QUERY_DOCS).padStart(6, "0")}`).get(),
      );
      rows.push({ measure: "point reads/s", concurrency, result: rate.toFixed(0) });
    }

    // a == 3 and b == 7 and c >= 5000 matches 5 of the 10 000 documents.
    const query = db
      .collection("items")
      .where("a", "==", 3)
      .where("b", "==", 7)
      .where("c", ">=", 5000);
    const matches = (await query.get()).size;
    // The same query straight into the engine: no transport, so less noise from the machine.
    const fieldFilter = (field: string, op: string, value: number) => ({
      fieldFilter: { field: { fieldPath: field }, op, value: int(value) },
    });
    const structuredQuery = {
      from: [{ collectionId: "items" }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [
            fieldFilter("a", "EQUAL", 3),
            fieldFilter("b", "EQUAL", 7),
            fieldFilter("c", "GREATER_THAN_OR_EQUAL", 5000),
          ],
        },
      },
    } as never;
    const engineQuery = () =>
      emulator.engine.runQuery(`${DATABASE}/documents`, { structuredQuery }, ADMIN);
    const alone = await latencies(QUERY_RUNS, () => query.get());
    const engineAlone = await latencies(QUERY_RUNS, engineQuery);
    rows.push({
      measure: `3-filter query, ${QUERY_DOCS} docs (${matches} hits) p50/p95 ms`,
      concurrency: 1,
      result: `${alone.p50.toFixed(2)} / ${alone.p95.toFixed(2)}`,
    });
    rows.push({
      measure: "  of which engine alone (in-process) p50/p95 ms",
      concurrency: 1,
      result: `${engineAlone.p50.toFixed(2)} / ${engineAlone.p95.toFixed(2)}`,
    });

    for (let n = 0; n < NOISE_COLLECTIONS; n++) {
      await seed(emulator.engine, `noise${n}`, NOISE_DOCS, (i) => ({
        a: int(i % 10),
        b: int(i % 100),
        c: int(i),
      }));
    }
    const crowded = await latencies(QUERY_RUNS, () => query.get());
    const engineCrowded = await latencies(QUERY_RUNS, engineQuery);
    rows.push({
      measure: `same query, + ${NOISE_COLLECTIONS}×${NOISE_DOCS} docs elsewhere p50/p95 ms`,
      concurrency: 1,
      result: `${crowded.p50.toFixed(2)} / ${crowded.p95.toFixed(2)}`,
    });
    rows.push({
      measure: "  of which engine alone (in-process) p50/p95 ms",
      concurrency: 1,
      result: `${engineCrowded.p50.toFixed(2)} / ${engineCrowded.p95.toFixed(2)}`,
    });
  } finally {
    await deleteApp(app);
    await emulator.close();
  }
  rows.push(...(await listenScaleRows()));

  const width = Math.max(...rows.map((r) => r.measure.length));
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  console.log(
    `\nFirestore emulator via firebase-admin (gRPC), node ${process.version}, load ${load}`,
  );
  console.log(`${"measure".padEnd(width)}  conc  result`);
  for (const r of rows) {
    console.log(`${r.measure.padEnd(width)}  ${String(r.concurrency).padStart(4)}  ${r.result}`);
  }
  console.log(`total ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

await main();
