/**
 * Document shapes as test data, demo data and benchmarks write them with firebase-admin: every
 * Firestore Timestamp of the model given as a `Date` (the admin SDK stores a Date as a Timestamp),
 * everything else exactly as `src/model/documents.ts` declares it.
 */
import type { TimestampLike } from "../model/timestamp.js";

/** `T` with each `TimestampLike` replaced by `Date`, at any depth. */
export type Written<T> = T extends TimestampLike
  ? Date
  : T extends readonly (infer U)[]
    ? Written<U>[]
    : T extends object
      ? { [K in keyof T]: Written<T[K]> }
      : T;

/** A document to write: where, and exactly what. */
export interface Built<T> {
  path: string;
  data: Written<T>;
}

/** Typed partial overrides of a document: any top-level field, with its own type. */
export type Over<T> = Partial<Written<T>>;
