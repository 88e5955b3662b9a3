/**
 * Crash safety for an emulator with an export directory: at start the data is loaded (from the
 * export directory itself when a journal there shows the previous run did not shut down cleanly,
 * else from the import directory), the journal is replayed on top and compacted into a fresh
 * export; while running every commit is journaled before it is acknowledged, and the journal is
 * compacted again whenever it grows past COMPACT_BYTES. A clean close exports and removes it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FirestoreEngine } from "./engine.js";
import { JOURNAL_DIR, Journal, firestoreJournalCodec, readJournal } from "./journal.js";

const COMPACT_BYTES = 64 * 1024 * 1024;

export interface DurableStore {
  /** Exports a snapshot and drops the journal segments it covers. */
  compact(): Promise<void>;
  /** Final export, then the journal is deleted. */
  close(): Promise<void>;
}

export async function openDurableStore(
  engine: FirestoreEngine,
  exportDir: string,
  importDir: string | undefined,
  info: (message: string) => void,
): Promise<DurableStore> {
  const journalDir = join(exportDir, JOURNAL_DIR);
  const recovering = existsSync(journalDir);
  const base = recovering ? exportDir : importDir;
  if (base) {
    await engine.importFrom(base);
    info(`imported data from ${base}`);
  }
  if (recovering) {
    const n = engine.replay(await readJournal(journalDir, firestoreJournalCodec));
    info(`recovered ${n} journaled change(s) from ${journalDir}`);
  }
  const journal = await Journal.open(journalDir, firestoreJournalCodec);

  let compacting: Promise<void> | undefined;
  const compact = async () => {
    while (compacting) await compacting;
    compacting = (async () => {
      // The snapshot is taken synchronously right after the rotation, so it holds every record
      // of the older segments.
      const last = journal.rotate();
      await engine.exportTo(exportDir);
      await journal.removeUpTo(last);
    })();
    try {
      await compacting;
    } finally {
      compacting = undefined;
    }
  };

  await compact();
  engine.attachJournal(journal);
  const unsubscribe = engine.onCommit(() => {
    if (journal.segmentBytes > COMPACT_BYTES && !compacting) {
      setImmediate(() => {
        compact().catch((err: unknown) =>
          console.error(`firestore: journal compaction failed: ${String(err)}`),
        );
      });
    }
  });

  return {
    compact,
    close: async () => {
      unsubscribe();
      await compact();
      engine.attachJournal(undefined);
      await journal.discard();
    },
  };
}
