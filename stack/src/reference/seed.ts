/**
 * Writes the reference data to a Firestore (firebase-admin): each document is compared with what
 * is stored and written only when missing or different, so a second run changes nothing. Only
 * the reference documents are read or written.
 */
import { isDeepStrictEqual } from "node:util";
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { type ReferenceDocument, buildReferenceDocuments } from "./documents.js";

export type ReferenceWrite = "created" | "updated" | "unchanged";

export interface ReferenceSeedReport {
  created: number;
  updated: number;
  unchanged: number;
  /** Every document with what happened to it, in write order. */
  documents: { path: string; result: ReferenceWrite }[];
}

const READ_CHUNK = 300;
const BATCH_SIZE = 400;

export async function seedReferenceData(
  db: Firestore,
  documents: readonly ReferenceDocument[] = buildReferenceDocuments(),
): Promise<ReferenceSeedReport> {
  const report: ReferenceSeedReport = { created: 0, updated: 0, unchanged: 0, documents: [] };
  const pending: { ref: DocumentReference; data: ReferenceDocument["data"] }[] = [];
  for (let i = 0; i < documents.length; i += READ_CHUNK) {
    const part = documents.slice(i, i + READ_CHUNK);
    const refs = part.map((d) => db.doc(d.path));
    const snaps = await db.getAll(...refs);
    part.forEach((doc, j) => {
      const stored = snaps[j]!;
      const result: ReferenceWrite = !stored.exists
        ? "created"
        : isDeepStrictEqual(stored.data(), doc.data)
          ? "unchanged"
          : "updated";
      report[result]++;
      report.documents.push({ path: doc.path, result });
      if (result !== "unchanged") pending.push({ ref: refs[j]!, data: doc.data });
    });
  }
  for (let i = 0; i < pending.length; i += BATCH_SIZE) {
    const batch = db.batch();
    for (const { ref, data } of pending.slice(i, i + BATCH_SIZE)) batch.set(ref, data);
    await batch.commit();
  }
  return report;
}
