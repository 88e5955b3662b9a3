/**
 * Job tests run against our Firestore emulator started in-process on a free port; every test
 * gets a project of its own (a separate database), so tests need no cleaning up.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, Timestamp, getFirestore } from "firebase-admin/firestore";
import { startFirestoreEmulator } from "@platform/emulators/firestore";
import type { JobContext, JobReport } from "../../src/jobs/runtime.js";

export interface TestFirestore {
  /** A fresh, empty database. */
  newDb(): Firestore;
  close(): Promise<void>;
}

async function startTestFirestore(): Promise<TestFirestore> {
  process.env.METADATA_SERVER_DETECTION = "none";
  const emulator = await startFirestoreEmulator({ port: 0, quiet: true });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  const apps: App[] = [];
  return {
    newDb() {
      const id = `demo-jobs-${randomUUID().slice(0, 8)}`;
      const app = initializeApp({ projectId: id }, id);
      apps.push(app);
      const db = getFirestore(app);
      db.settings({ ignoreUndefinedProperties: true });
      return db;
    },
    async close() {
      await Promise.all(apps.map((a) => deleteApp(a)));
      await emulator.close();
    },
  };
}

/** Registers the emulator for the test file (started before, closed after); `newDb()` per test. */
export function testDatabases(): Pick<TestFirestore, "newDb"> {
  let started: TestFirestore | undefined;
  beforeAll(async () => {
    started = await startTestFirestore();
  });
  afterAll(() => started?.close());
  return { newDb: () => started!.newDb() };
}

export function run(
  job: (ctx: JobContext) => Promise<JobReport>,
  db: Firestore,
  now: Date,
): Promise<JobReport> {
  return job({ db, now, log: () => undefined });
}

/**
 * The same database, except that after `commits` successful batch commits and transactions
 * every further one fails, as if the function had crashed there.
 */
export function crashingAfter(db: Firestore, commits: number): Firestore {
  let left = commits;
  const spend = () => {
    if (left <= 0) throw new Error("simulated crash");
    left--;
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return () => {
          const batch = target.batch();
          const commit = batch.commit.bind(batch);
          batch.commit = async () => {
            spend();
            return commit();
          };
          return batch;
        };
      }
      if (prop === "runTransaction") {
        return (fn: Parameters<Firestore["runTransaction"]>[0]) => {
          spend();
          return target.runTransaction(fn);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** All documents of a collection (or collection group) as id → data, with dates as ISO text. */
export async function dump(db: Firestore, collection: string, group = false) {
  const snap = group
    ? await db.collectionGroup(collection).get()
    : await db.collection(collection).get();
  return Object.fromEntries(snap.docs.map((d) => [d.ref.path, plain(d.data())]));
}

export function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

export async function count(db: Firestore, collection: string, field?: string, value?: unknown) {
  let query: FirebaseFirestore.Query = db.collection(collection);
  if (field) query = query.where(field, "==", value);
  return (await query.count().get()).data().count;
}
