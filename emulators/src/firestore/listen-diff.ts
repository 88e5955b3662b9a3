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

/**
 * The same for a query without limit or offset after a change: only the touched documents can
 * have entered, changed or left, and `matches` are those of them the query now returns. Updates
 * `held` in place (a large result is not copied for a small change).
 */
export function diffTouched(
  held: ResultSet,
  touched: string[],
  matches: FirestoreDocument[],
): { upserts: FirestoreDocument[]; removed: string[] } {
  const upserts: FirestoreDocument[] = [];
  const matched = new Set<string>();
  for (const d of matches) {
    matched.add(d.name);
    const version = d.updateTime ?? "";
    if (held.get(d.name) !== version) {
      upserts.push(d);
      held.set(d.name, version);
    }
  }
  const removed: string[] = [];
  for (const name of touched) {
    if (!matched.has(name) && held.delete(name)) removed.push(name);
  }
  return { upserts, removed };
}
