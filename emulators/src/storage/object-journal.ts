/**
 * Crash safety for Storage with an export directory: object bytes live in a working directory
 * inside it (`storage_work`, not a temporary one) and every change of the object table is
 * journaled (`storage_journal`) before it is acknowledged. At the next start the last export is
 * loaded, the journal replayed over it (its entries name blob files still in the working
 * directory) and the result exported again; a clean close exports and removes both.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Journal, type JournalCodec, readJournal } from "../firestore/journal.js";
import type { ObjectMetadata } from "./metadata.js";
import type { ObjectStore } from "./object-store.js";

export type ObjectRecord =
  | { op: "put"; meta: ObjectMetadata; blobFile: string }
  | { op: "delete"; bucket: string; name: string }
  /** Every bucket, or one bucket when `bucket` is given. */
  | { op: "clear"; bucket?: string };

const codec: JournalCodec<ObjectRecord> = {
  encode: (record) => JSON.stringify(record),
  decode: (line) => JSON.parse(line) as ObjectRecord,
};

export const durableWorkDir = (exportDir: string) => join(exportDir, "storage_work");

export interface DurableObjects {
  compact(): Promise<void>;
  close(): Promise<void>;
}

export async function openDurableObjects(
  store: ObjectStore,
  exportDir: string,
  importDir: string | undefined,
  log: (message: string) => void,
): Promise<DurableObjects> {
  const journalDir = join(exportDir, "storage_journal");
  const recovering = existsSync(journalDir);
  const base = recovering ? exportDir : importDir;
  if (base) await store.importFrom(base);
  if (recovering) {
    const records = await readJournal(journalDir, codec);
    store.replay(records);
    log(`recovered ${records.length} journaled change(s) from ${journalDir}`);
  }
  await store.removeUnreferencedBlobs();
  const journal = await Journal.open(journalDir, codec);

  let compacting: Promise<void> | undefined;
  const compact = async () => {
    while (compacting) await compacting;
    compacting = (async () => {
      // Changes during the export go to the new segment and are replayed over this export.
      const last = journal.rotate();
      await store.exportTo(exportDir);
      await journal.removeUpTo(last);
    })();
    try {
      await compacting;
    } finally {
      compacting = undefined;
    }
  };
  await compact();
  store.attachJournal(journal);
  return {
    compact,
    close: async () => {
      await compact();
      store.attachJournal(undefined);
      await journal.discard();
      await rm(journalDir, { recursive: true, force: true });
    },
  };
}
