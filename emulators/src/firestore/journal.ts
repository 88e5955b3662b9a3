/**
 * Write-ahead journal: every commit (and every clear) is appended as one JSON line and a commit is
 * acknowledged only once its line is on disk. Appends that arrive while a write + fdatasync is in
 * flight are written together by the next one, so durability costs one sync per group, not per
 * commit. Segments are numbered files; compaction starts a new segment, exports a snapshot and
 * then deletes the older segments (replaying a segment twice is harmless: records hold whole
 * documents, not increments).
 */
import { mkdir, open, readFile, readdir, rm } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
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

type Waiter = { resolve: () => void; reject: (err: unknown) => void };

const segmentName = (n: number) => `${String(n).padStart(8, "0")}.ndjson`;

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
export async function readJournal(dir: string): Promise<JournalRecord[]> {
  const records: JournalRecord[] = [];
  for (const n of await segments(dir)) {
    const lines = (await readFile(join(dir, segmentName(n)), "utf8")).split("\n");
    for (const line of lines) {
      if (line === "") continue;
      try {
        records.push(decodeRecord(line));
      } catch {
        break; // torn tail
      }
    }
  }
  return records;
}

export class Journal {
  private buffer: string[] = [];
  private waiters: Waiter[] = [];
  private draining: Promise<void> | undefined;
  private file: FileHandle | undefined;
  private fileSegment = 0;
  private bytes = 0;

  private constructor(
    readonly dir: string,
    private segment: number,
  ) {}

  /** Opens the journal in `dir`, continuing after its existing segments. */
  static async open(dir: string): Promise<Journal> {
    await mkdir(dir, { recursive: true });
    const existing = await segments(dir);
    return new Journal(dir, (existing.at(-1) ?? 0) + 1);
  }

  /** Bytes appended to the current segment (compaction trigger). */
  get segmentBytes(): number {
    return this.bytes;
  }

  /** Resolves once the record is on disk. */
  append(record: JournalRecord): Promise<void> {
    const line = encodeRecord(record) + "\n";
    this.buffer.push(line);
    this.bytes += line.length;
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.draining ??= this.drain();
    return done;
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
    await this.flushed();
    for (const n of await segments(this.dir)) {
      if (n <= last) await rm(join(this.dir, segmentName(n)), { force: true });
    }
  }

  /** Waits for pending appends, then closes the file. */
  async close(): Promise<void> {
    await this.flushed();
    await this.file?.close();
    this.file = undefined;
  }

  /** Deletes the whole journal (after a complete export at shutdown). */
  async discard(): Promise<void> {
    await this.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async flushed(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const chunk = this.buffer.join("");
      const waiters = this.waiters;
      this.buffer = [];
      this.waiters = [];
      try {
        const file = await this.currentFile();
        await file.write(chunk);
        await file.datasync();
        for (const w of waiters) w.resolve();
      } catch (err) {
        for (const w of waiters) w.reject(err);
      }
    }
    this.draining = undefined;
  }

  private async currentFile(): Promise<FileHandle> {
    if (this.file && this.fileSegment === this.segment) return this.file;
    await this.file?.close();
    this.fileSegment = this.segment;
    this.file = await open(join(this.dir, segmentName(this.segment)), "a");
    return this.file;
  }
}
