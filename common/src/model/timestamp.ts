/**
 * The part of a Firestore Timestamp the model relies on. Both `firebase/firestore/lite` and
 * `firebase-admin/firestore` Timestamps satisfy it, so one model serves web, functions and tests.
 */
export interface TimestampLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  toDate(): Date;
  toMillis(): number;
}
