/**
 * Crash safety for the Firestore emulator with an export directory (shared/journaled-data.ts):
 * every commit is journaled before it is acknowledged, replayed at the next start after a crash,
 * and the journal is compacted into a fresh export whenever it grows past COMPACT_BYTES.
 */
import type { FirestoreEngine } from "./engine.js";
import { JOURNAL_DIR, firestoreJournalCodec } from "./journal.js";
import { openJournaledData } from "../shared/journaled-data.js";

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
  const durable = await openJournaledData({
    data: engine,
    exportDir,
    importDir,
    journalName: JOURNAL_DIR,
    codec: firestoreJournalCodec,
    info,
  });
  const unsubscribe = engine.onCommit(() => {
    if (durable.journal.segmentBytes > COMPACT_BYTES && !durable.compacting()) {
      setImmediate(() => {
        durable
          .compact()
          .catch((err: unknown) =>
            console.error(`firestore: journal compaction failed: ${String(err)}`),
          );
      });
    }
  });
  return {
    compact: durable.compact,
    close: async () => {
      unsubscribe();
      await durable.close();
    },
  };
}
