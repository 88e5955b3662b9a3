/**
 * Crash safety for Storage with an export directory: object bytes live in a working directory
 * inside it (`storage_work`, not a temporary one) and every change of the object table is
 * journaled (`storage_journal`) before it is acknowledged. At the next start the last export is
 * loaded, the journal replayed over it (its entries name blob files still in the working
 * directory) and the result exported again; a clean close exports and removes both.
 */
import { join } from "node:path";
import type { JournalCodec } from "../firestore/journal.js";
import { openJournaledData } from "../shared/journaled-data.js";
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
  const durable = await openJournaledData({
    data: store,
    exportDir,
    importDir,
    journalName: "storage_journal",
    codec,
    info: log,
    // Blob files of uploads the crash interrupted, or of objects the journal deleted.
    afterRecovery: () => store.removeUnreferencedBlobs(),
  });
  return { compact: durable.compact, close: durable.close };
}
