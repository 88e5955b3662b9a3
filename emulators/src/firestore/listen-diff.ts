/**
 * What a listen target holds (document name → update time) and the changes that bring it to a
 * new result: documents that are new or have a new version, and names that left the result.
 */
import type { FirestoreDocument } from "../shared/value.js";

export type ResultSet = Map<string, string>;

export function resultSetOf(documents: FirestoreDocument[]): ResultSet {
  return new Map(documents.map((d) => [d.name, d.updateTime ?? ""]));
}

export function diffResults(
  held: ResultSet,
  documents: FirestoreDocument[],
): { upserts: FirestoreDocument[]; removed: string[]; next: ResultSet } {
  const next = resultSetOf(documents);
  const upserts = documents.filter((d) => held.get(d.name) !== (d.updateTime ?? ""));
  const removed: string[] = [];
  for (const name of held.keys()) if (!next.has(name)) removed.push(name);
  return { upserts, removed, next };
}
