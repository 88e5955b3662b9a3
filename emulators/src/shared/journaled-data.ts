/**
 * Crash safety of an emulator's data with an export directory, the same for Firestore and
 * Storage: at start the data is loaded (from the export directory itself when a journal there
 * shows the previous run did not shut down cleanly, else from the import directory), the journal
 * is replayed on top and compacted into a fresh export; while running every change is journaled
 * before it is acknowledged (the data appends to the journal it is given). A clean close exports
 * and deletes the journal. The journal format is firestore/journal.ts.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Journal, type JournalCodec, readJournal } from "../firestore/journal.js";

/** What an emulator's data offers the journal. */
export interface JournaledData<R> {
  importFrom(dir: string): Promise<void>;
  exportTo(dir: string): Promise<void>;
  /** Re-applies journal records over the imported data. */
  replay(records: R[]): unknown;
  /** From now on (or, with undefined, no longer) every change is appended here first. */
  attachJournal(journal: Journal<R> | undefined): void;
}

export interface JournaledDataOptions<R> {
  data: JournaledData<R>;
  exportDir: string;
  importDir: string | undefined;
  /** The journal's folder name under exportDir. */
  journalName: string;
  codec: JournalCodec<R>;
  info(message: string): void;
  /** After loading and replaying, before the first compaction (Storage drops orphan blobs). */
  afterRecovery?(): Promise<void>;
}

export interface OpenJournaledData<R> {
  journal: Journal<R>;
  /** Exports a snapshot and drops the journal segments it covers. */
  compact(): Promise<void>;
  compacting(): boolean;
  /** Final export, then the journal is deleted. */
  close(): Promise<void>;
}

export async function openJournaledData<R>(
  opts: JournaledDataOptions<R>,
): Promise<OpenJournaledData<R>> {
  const { data, exportDir, importDir, codec, info } = opts;
  const journalDir = join(exportDir, opts.journalName);
  const recovering = existsSync(journalDir);
  const base = recovering ? exportDir : importDir;
  if (base) {
    await data.importFrom(base);
    info(`imported data from ${base}`);
  }
  if (recovering) {
    const records = await readJournal(journalDir, codec);
    data.replay(records);
    info(`recovered ${records.length} journaled change(s) from ${journalDir}`);
  }
  await opts.afterRecovery?.();
  const journal = await Journal.open(journalDir, codec);

  let running: Promise<void> | undefined;
  const compact = async () => {
    while (running) await running;
    running = (async () => {
      // The snapshot is taken right after the rotation: changes made during the export go to
      // the new segment and are replayed over this export after a crash.
      const last = journal.rotate();
      await data.exportTo(exportDir);
      await journal.removeUpTo(last);
    })();
    try {
      await running;
    } finally {
      running = undefined;
    }
  };

  await compact();
  data.attachJournal(journal);
  return {
    journal,
    compact,
    compacting: () => running !== undefined,
    close: async () => {
      await compact();
      data.attachJournal(undefined);
      await journal.discard();
    },
  };
}
