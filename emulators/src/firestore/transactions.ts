/**
 * Optimistic transactions: a transaction records the version of every document it reads and its
 * commit fails with ABORTED when any of them changed since. Two transactions that read and write
 * the same document therefore never both commit; the SDKs retry the loser.
 */
import { randomBytes } from "node:crypto";
import { FirestoreError, transactionInvalid } from "./errors.js";

/** Documented limits: a transaction expires after 270 s, or after 60 s without activity. */
const MAX_LIFETIME_MS = 270_000;
const MAX_IDLE_MS = 60_000;

export interface Transaction {
  id: string;
  databaseKey: string;
  readOnly: boolean;
  startedAt: number;
  lastUsed: number;
  /** document path → update time seen, or null when it was read as missing. */
  reads: Map<string, string | null>;
  /** Queries run in a read-write transaction, re-run at commit to detect phantoms. */
  queries: { ref: unknown; parent: string; query: unknown; signature: string }[];
  /** The snapshot a read-only transaction reads. */
  readTime?: string;
}

export interface TransactionOptions {
  readOnly?: { readTime?: string };
  readWrite?: { retryTransaction?: string };
}

export class TransactionManager {
  private readonly active = new Map<string, Transaction>();

  constructor(private readonly now: () => number) {}

  begin(databaseKey: string, options: TransactionOptions | undefined): Transaction {
    if (options?.readOnly && options.readWrite) {
      throw new FirestoreError(
        "INVALID_ARGUMENT",
        "Transaction options must be read-only or read-write, not both.",
      );
    }
    const retry = options?.readWrite?.retryTransaction;
    if (retry) this.active.delete(retry);
    this.expire();
    const now = this.now();
    const tx: Transaction = {
      id: randomBytes(16).toString("base64"),
      databaseKey,
      readOnly: options?.readOnly !== undefined,
      startedAt: now,
      lastUsed: now,
      reads: new Map(),
      queries: [],
    };
    this.active.set(tx.id, tx);
    return tx;
  }

  /** The live transaction with this id in this database, or the documented error. */
  use(id: string, databaseKey: string): Transaction {
    this.expire();
    const tx = this.active.get(id);
    if (!tx || tx.databaseKey !== databaseKey) throw transactionInvalid();
    tx.lastUsed = this.now();
    return tx;
  }

  end(id: string): void {
    this.active.delete(id);
  }

  clear(databaseKeyPrefix?: string): void {
    for (const [id, tx] of this.active) {
      if (databaseKeyPrefix === undefined || tx.databaseKey.startsWith(databaseKeyPrefix)) {
        this.active.delete(id);
      }
    }
  }

  private expire(): void {
    const now = this.now();
    for (const [id, tx] of this.active) {
      if (now - tx.startedAt > MAX_LIFETIME_MS || now - tx.lastUsed > MAX_IDLE_MS) {
        this.active.delete(id);
      }
    }
  }
}

/** Records a read; the first version seen is the one the commit validates against. */
export function recordRead(
  tx: Transaction | undefined,
  path: string,
  updateTime: string | null,
): void {
  if (tx && !tx.readOnly && !tx.reads.has(path)) tx.reads.set(path, updateTime);
}
