/**
 * Point-in-time reads: recent commits keep the previous version of each document they changed,
 * so a read at an earlier time undoes the commits made after it. Firestore serves reads up to one
 * hour in the past; older history is dropped (and a cap bounds memory under heavy write load).
 */
import type { DatabaseStore, DocumentSource, StoredDocument } from "./document-store.js";
import { splitDocumentPath } from "./resource-names.js";
import { timestampParts } from "./values.js";

export const HISTORY_WINDOW_MICROS = 3_600_000_000;
const MAX_HISTORY_CHANGES = 200_000;

export function timestampMicros(timestamp: string): number {
  const [seconds, nanos] = timestampParts(timestamp);
  return seconds * 1_000_000 + Math.floor(nanos / 1000);
}

interface CommitRecord {
  micros: number;
  /** document path → its version before the commit (null: it did not exist). */
  before: Map<string, StoredDocument | null>;
}

export class CommitHistory {
  /** Oldest first; entries before `start` are dropped (compacted now and then, not shifted). */
  private commits: CommitRecord[] = [];
  private start = 0;
  private changes = 0;
  /** Reads at or before this time can no longer be served exactly. */
  private horizon = -Infinity;

  record(micros: number, before: Map<string, StoredDocument | null>): void {
    this.commits.push({ micros, before });
    this.changes += before.size;
    while (
      this.start < this.commits.length &&
      (this.commits[this.start]!.micros < micros - HISTORY_WINDOW_MICROS ||
        this.changes > MAX_HISTORY_CHANGES)
    ) {
      const dropped = this.commits[this.start++]!;
      this.changes -= dropped.before.size;
      this.horizon = dropped.micros;
    }
    if (this.start > 1024 && this.start * 2 > this.commits.length) {
      this.commits = this.commits.slice(this.start);
      this.start = 0;
    }
  }

  startAt(micros: number): void {
    this.horizon = Math.max(this.horizon, micros);
  }

  /** False when history needed for a read at this time has been dropped. */
  covers(micros: number): boolean {
    return micros >= this.horizon;
  }

  /** The documents as they were at `micros`, or null when nothing changed since. */
  overridesAfter(micros: number): Map<string, StoredDocument | null> | null {
    let overrides: Map<string, StoredDocument | null> | null = null;
    for (
      let i = this.commits.length - 1;
      i >= this.start && this.commits[i]!.micros > micros;
      i--
    ) {
      overrides ??= new Map();
      // Walking backwards, the oldest commit after `micros` writes last: its "before" is the answer.
      for (const [path, doc] of this.commits[i]!.before) overrides.set(path, doc);
    }
    return overrides;
  }

  clear(): void {
    this.commits = [];
    this.start = 0;
    this.changes = 0;
  }
}

/** A read-only view of a database at an earlier time. */
export class SnapshotView implements DocumentSource {
  constructor(
    private readonly store: DatabaseStore,
    private readonly overrides: Map<string, StoredDocument | null>,
  ) {}

  get(path: string): StoredDocument | undefined {
    if (this.overrides.has(path)) return this.overrides.get(path) ?? undefined;
    return this.store.get(path);
  }

  *collection(path: string): Iterable<StoredDocument> {
    for (const doc of this.store.collection(path)) if (!this.overrides.has(doc.path)) yield doc;
    for (const [docPath, doc] of this.overrides) {
      if (doc && splitDocumentPath(docPath)[0] === path) yield doc;
    }
  }

  *collectionGroup(parent: string, collectionId: string): Iterable<StoredDocument> {
    for (const doc of this.store.collectionGroup(parent, collectionId)) {
      if (!this.overrides.has(doc.path)) yield doc;
    }
    for (const [docPath, doc] of this.overrides) {
      if (!doc) continue;
      const collection = splitDocumentPath(docPath)[0];
      const id = collection.slice(collection.lastIndexOf("/") + 1);
      const idMatches = collectionId === "" || id === collectionId;
      if (idMatches && (parent === "" || collection.startsWith(parent + "/"))) yield doc;
    }
  }
}
