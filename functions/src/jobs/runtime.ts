/**
 * What every job shares: the Firestore it works on and the instant it runs "as of" (the
 * scheduled time in production, any time locally), batched writes within Firestore's limits,
 * and bounded concurrency.
 */
import type { Auth } from "firebase-admin/auth";
import type { Bucket } from "@google-cloud/storage";
import {
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type WriteBatch,
} from "firebase-admin/firestore";

export interface JobContext {
  db: Firestore;
  /** The instant the job runs as of; jobs never read the clock themselves. */
  now: Date;
  log: (message: string) => void;
  /** Firebase Auth and the Storage bucket, for the jobs that delete accounts and uploads. */
  auth?: Auth;
  bucket?: Bucket;
}

/** What a run did, in counts, for logs, `npm run job` and the benchmark. */
export type JobReport = Record<string, number | string | boolean>;

/** Firestore commits at most 500 writes at once; stay below it. */
export const MAX_BATCH_WRITES = 450;

export { toDate, ts as timestamp } from "../infra/firestore.js";

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * Collects writes and commits them in batches of at most MAX_BATCH_WRITES. A caller that needs
 * some writes to land together (a progress marker with the work it records) puts them in one
 * `group`: a group never straddles two batches.
 */
export class BatchWriter {
  private batch: WriteBatch;
  private size = 0;
  commits = 0;
  writes = 0;

  constructor(private readonly db: Firestore) {
    this.batch = db.batch();
  }

  async group(count: number, write: (batch: WriteBatch) => void): Promise<void> {
    if (count > MAX_BATCH_WRITES) throw new Error(`a write group of ${count} exceeds one batch`);
    if (this.size + count > MAX_BATCH_WRITES) await this.flush();
    write(this.batch);
    this.size += count;
  }

  async set<T extends object>(ref: DocumentReference<T>, data: T): Promise<void> {
    await this.group(1, (b) => b.set(ref, data));
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    await this.batch.commit();
    this.commits++;
    this.writes += this.size;
    this.batch = this.db.batch();
    this.size = 0;
  }
}

/** Runs `work` over `items` with at most `limit` at a time; returns results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Groups items by key, keeping their order: jobs run the groups concurrently and each group's
 * items in sequence, so concurrent transactions touch disjoint documents (e.g. one project each).
 */
export function partition<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return [...groups.values()];
}

/** getAll calls in flight at once for one getAllChunked. */
const READS_IN_FLIGHT = 4;

/**
 * Reads documents by reference in chunks (getAll takes many, but not unboundedly many), a few
 * chunks at a time; the snapshots come back in the order of `refs`.
 */
export async function getAllChunked<T extends DocumentData>(
  db: Firestore,
  refs: readonly DocumentReference<T>[],
  size = 300,
): Promise<DocumentSnapshot<T>[]> {
  const parts = chunk(refs, size).filter((part) => part.length > 0);
  const read = await mapLimit(parts, READS_IN_FLIGHT, (part) =>
    db.getAll(...(part as DocumentReference[])),
  );
  return read.flat() as DocumentSnapshot<T>[];
}
