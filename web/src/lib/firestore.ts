import type { TimestampLike } from "@platform/common";
// A type-only import: the SDK itself stays out of the modules that only convert its values.
import type { DocumentData, QueryDocumentSnapshot } from "firebase/firestore/lite";

/** A Firestore Timestamp (or null/absent) as a Date. */
export function toDate(value: TimestampLike | null | undefined): Date | null {
  return value && typeof value.toDate === "function" ? value.toDate() : null;
}

/** A typed document with its id, as the screens use them. */
export type WithId<T> = T & { id: string };

export function withId<T>(snap: QueryDocumentSnapshot<DocumentData>): WithId<T> {
  return { ...(snap.data() as T), id: snap.id };
}
