/**
 * Write-ahead journal (Firestore's commits and clears here; Storage's object changes use the same
 * class with their own records): every commit (and every clear) is written to the journal file as one JSON
 * line before the commit is acknowledged, so a killed process (kill -9) loses nothing it
 * acknowledged. fdatasync runs in the background, one for everything written while the previous
 * one was in flight, so an operating-system crash or power cut loses at most the last few
 * milliseconds while commit throughput stays close to that without a journal. Segments are numbered files; compaction starts a new segment, exports a snapshot and
 * then deletes the older segments (replaying a segment twice is harmless: records hold whole
 * documents, not increments).
 */
import { closeSync, fdatasync, fdatasyncSync, openSync, writeSync } from "node:fs";
import { mkdir, readFile, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Value } from "../shared/value.js";
import type { StoredDocument } from "./document-store.js";
import { decodeFields, encodeFields } from "./value-codec.js";

export const JOURNAL_DIR = "journal";
const SEGMENT = /^(\d{8})\.ndjson$/;

export type JournalRecord =
  | {
      op: "commit";
      project: string;
      database: string;
      /** path → the document after the commit, null when deleted. */
      docs: [string, StoredDocument | null][];
    }
  | { op: "clear"; project?: string; database?: string };

const segmentName = (n: number) => `${String(n).padStart(8, "0")}.ndjson`;

/** How records become journal lines and back. */
export interface JournalCodec<R> {
  encode(record: R): string;
  decode(line: string): R;
}

function encodeRecord(record: JournalRecord): string {
  if (record.op !== "commit") return JSON.stringify(record);
  return JSON.stringify({
    ...record,
    docs: record.docs.map(([path, doc]) => [
      path,
      doc && { c: doc.createTime, u: doc.updateTime, f: encodeFields(doc.fields) },
    ]),
  });
}

type EncodedDoc = { c: string; u: string; f: unknown } | null;

function decodeRecord(line: string): JournalRecord {
  const raw = JSON.parse(line) as
    | (Omit<Extract<JournalRecord, { op: "commit" }>, "docs"> & { docs: [string, EncodedDoc][] })
    | Extract<JournalRecord, { op: "clear" }>;
  if (raw.op !== "commit") return raw;
  return {
    ...raw,
    docs: raw.docs.map(([path, d]) => [
      path,
      d && {
        path,
        createTime: d.c,
        updateTime: d.u,
        fields: decodeFields(d.f) as Record<string, Value>,
      },
    ]),
  };
}

/** Firestore's commit and clear records. */
export const firestoreJournalCodec: JournalCodec<JournalRecord> = {
  encode: encodeRecord,
  decode: decodeRecord,
};

async function segments(dir: string): Promise<number[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  return entries
    .map((e) => SEGMENT.exec(e)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * Records of every segment in order. A torn last line (the process died mid-write) was never
 * acknowledged and is dropped.
 */
export async function readJournal<R>(dir: string, codec: JournalCodec<R>): Promise<R[]> {
  const records: R[] = [];
  for (const n of await segments(dir)) {
    const lines = (await readFile(join(dir, segmentName(n)), "utf8")).split("\n");
    for (const line of lines) {
      if (line === "") continue;
      try {
        records.push(codec.decode(line));
      } catch {
        break; // torn tail
      }
    }
  }
  return records;
}

export class Journal<R> {
  private fd: number | undefined;
  private fdSegment = 0;
  private bytes = 0;
  /** Bytes written since the last fdatasync began. */
  private dirty = false;
  private syncing: Promise<void> | undefined;

  private constructor(
    readonly dir: string,
    private readonly codec: JournalCodec<R>,
    private segment: number,
  ) {}

  /** Opens the journal in `dir`, continuing after its existing segments. */
  static async open<R>(dir: string, codec: JournalCodec<R>): Promise<Journal<R>> {
    await mkdir(dir, { recursive: true });
    const existing = await segments(dir);
    return new Journal(dir, codec, (existing.at(-1) ?? 0) + 1);
  }

  /** Bytes appended to the current segment (compaction trigger). */
  get segmentBytes(): number {
    return this.bytes;
  }

  /**
   * Writes the record to the file before returning: from then on it survives the process being
   * killed. A background fdatasync, shared by everything written meanwhile, makes it survive an
   * operating-system crash too.
   */
  append(record: R): void {
    const line = this.codec.encode(record) + "\n";
    writeSync(this.currentFd(), line);
    this.bytes += line.length;
    this.dirty = true;
    this.syncing ??= this.syncLoop();
  }

  /**
   * Sends later appends to a new segment; returns the last segment that holds only records
   * appended before this call (delete it once a snapshot taken now is exported).
   */
  rotate(): number {
    this.bytes = 0;
    return this.segment++;
  }

  /** Deletes the segments up to and including `last`. */
  async removeUpTo(last: number): Promise<void> {
    for (const n of await segments(this.dir)) {
      if (n <= last) await rm(join(this.dir, segmentName(n)), { force: true });
    }
  }

  /** Waits for the pending sync, then closes the file. */
  async close(): Promise<void> {
    while (this.syncing) await this.syncing;
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** Deletes the whole journal (after a complete export at shutdown). */
  async discard(): Promise<void> {
    await this.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async syncLoop(): Promise<void> {
    try {
      while (this.dirty && this.fd !== undefined) {
        this.dirty = false;
        const fd = this.fd;
        await new Promise<void>((resolve, reject) =>
          fdatasync(fd, (err) => (err ? reject(err) : resolve())),
        );
      }
    } catch (err) {
      console.error(`firestore: journal fdatasync failed: ${String(err)}`);
    } finally {
      this.syncing = undefined;
    }
  }

  private currentFd(): number {
    if (this.fd !== undefined && this.fdSegment === this.segment) return this.fd;
    if (this.fd !== undefined) {
      // The previous segment is synced before it is closed.
      fdatasyncSync(this.fd);
      closeSync(this.fd);
    }
    this.fdSegment = this.segment;
    this.fd = openSync(join(this.dir, segmentName(this.segment)), "a");
    return this.fd;
  }
}
