/**
 * A source description (`sources.ts`) as a full-SDK reference. Part of the lazily loaded chunk;
 * also used by the rules suite (tests/rules/live-sources.test.ts), which runs every source as its
 * member against firestore.rules.
 */
import {
  collection,
  doc,
  type DocumentReference,
  type Firestore,
  limit,
  orderBy,
  query,
  type Query,
  type QueryConstraint,
  where,
} from "firebase/firestore";
import type { LiveSource } from "./sources";

export function sourceRef(
  db: Firestore,
  source: LiveSource,
): { kind: "doc"; ref: DocumentReference } | { kind: "query"; ref: Query } {
  if (source.kind === "doc") return { kind: "doc", ref: doc(db, source.path) };
  const constraints: QueryConstraint[] = source.equals.map(([field, value]) =>
    where(field, "==", value),
  );
  if (source.orderBy) constraints.push(orderBy(source.orderBy.field, source.orderBy.direction));
  if (source.limit !== undefined) constraints.push(limit(source.limit));
  return { kind: "query", ref: query(collection(db, source.collection), ...constraints) };
}
