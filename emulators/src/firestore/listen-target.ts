/**
 * Listen targets (google.firestore.v1.Target in JSON form) and which document names can affect
 * them, so a commit re-evaluates only the targets it touches.
 */
import type { StructuredQueryJson } from "./query.js";
import { invalidArgument } from "./errors.js";

export interface ListenTarget {
  targetId?: number;
  query?: { parent?: string; structuredQuery?: StructuredQueryJson };
  documents?: { documents?: string[] };
  resumeToken?: string;
  readTime?: string;
  once?: boolean;
  expectedCount?: number;
}

/** A predicate over full document names: true when a change to that document may alter the target. */
export function targetScope(target: ListenTarget, database: string): (name: string) => boolean {
  const root = `${database}/documents`;
  if (target.query) {
    const parent = target.query.parent ?? "";
    if (parent !== root && !parent.startsWith(root + "/")) {
      throw invalidArgument(`Query parent ${parent} is not in database ${database}.`);
    }
    const from = target.query.structuredQuery?.from ?? [];
    if (from.length !== 1) throw invalidArgument("A query must select exactly one collection.");
    const collectionId = from[0]!.collectionId ?? "";
    if (from[0]!.allDescendants) {
      return (name) =>
        name.startsWith(parent + "/") &&
        (collectionId === "" || collectionIdOf(name) === collectionId);
    }
    const prefix = `${parent}/${collectionId}/`;
    return (name) => name.startsWith(prefix) && !name.includes("/", prefix.length);
  }
  if (target.documents) {
    const names = new Set(target.documents.documents ?? []);
    for (const name of names) {
      if (!name.startsWith(root + "/")) {
        throw invalidArgument(`Document ${name} is not in database ${database}.`);
      }
    }
    return (name) => names.has(name);
  }
  throw invalidArgument("A target needs a query or documents.");
}

function collectionIdOf(name: string): string {
  const segments = name.split("/");
  return segments[segments.length - 2] ?? "";
}
