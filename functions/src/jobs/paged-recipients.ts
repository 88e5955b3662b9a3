/**
 * Writing something for every member (a go-live notification, a rate-change mail) in pages: each
 * page's writes commit in one batch together with the cursor that records them, so a run that
 * crashes resumes after the last page it committed and never writes anything twice.
 */
import {
  type DocumentReference,
  type DocumentSnapshot,
  FieldPath,
  type Firestore,
  type Query,
  type WriteBatch,
} from "firebase-admin/firestore";

export interface PagedProgress {
  /** Id of the last user document handled, null before the first page. */
  cursor: string | null;
  /** How many items were written so far. */
  written: number;
}

export const PAGE_SIZE = 400;

/**
 * Walks `query` (ordered by document id) after `progress.cursor`; for each page `build` returns
 * the writes of that page, which commit with the new progress in `progressRef`.
 */
export async function forEachPage<P extends PagedProgress>(
  db: Firestore,
  query: Query,
  progress: P,
  progressRef: DocumentReference,
  build: (page: DocumentSnapshot[]) => Promise<((batch: WriteBatch) => void)[]>,
  pageSize = PAGE_SIZE,
): Promise<P> {
  let current = progress;
  for (;;) {
    let pageQuery = query.orderBy(FieldPath.documentId()).limit(pageSize);
    if (current.cursor) pageQuery = pageQuery.startAfter(current.cursor);
    const page = await pageQuery.get();
    if (page.empty) return current;
    const writes = await build(page.docs);
    const next: P = {
      ...current,
      cursor: page.docs[page.docs.length - 1]!.id,
      written: current.written + writes.length,
    };
    const batch = db.batch();
    for (const write of writes) write(batch);
    batch.set(progressRef, { cursor: next.cursor, written: next.written }, { merge: true });
    await batch.commit();
    current = next;
    if (page.size < pageSize) return current;
  }
}
