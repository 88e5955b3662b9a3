/**
 * Bookkeeping in `jobRuns/{id}`: what a job has finished, so that a second run does nothing and
 * a run that resumes after a crash picks up where the last committed write left off.
 */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { paths } from "@platform/common";

export function jobRunRef<T extends object>(db: Firestore, id: string): DocumentReference<T> {
  return db.doc(`${paths.jobRuns}/${id}`) as DocumentReference<T>;
}
