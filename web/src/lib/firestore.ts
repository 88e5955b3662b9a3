import type { TimestampLike } from "@platform/common";

/** A Firestore Timestamp (or null/absent) as a Date. */
export function toDate(value: TimestampLike | null | undefined): Date | null {
  return value && typeof value.toDate === "function" ? value.toDate() : null;
}

/** A typed document with its id, as the screens use them. */
export type WithId<T> = T & { id: string };

/** A read document: REST or a listener's snapshot, its id and plain data. */
export interface ReadDoc {
  id: string;
  data: Record<string, unknown>;
}

/** A read document as its typed form. */
export const withId = <T>(d: ReadDoc): WithId<T> => ({
  ...(d.data as T),
  id: d.id,
});

