/** Small helpers around firebase-admin Firestore values. */
import { Timestamp } from "firebase-admin/firestore";
import type { TimestampLike } from "@platform/common";

export function toDate(value: TimestampLike | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return value;
  if (typeof (value as TimestampLike).toDate === "function")
    return (value as TimestampLike).toDate();
  return null;
}

export function toIso(value: TimestampLike | Date | null | undefined): string | null {
  return toDate(value)?.toISOString() ?? null;
}

export function ts(date: Date): Timestamp {
  return Timestamp.fromDate(date);
}

/** A position's application window as stored. */
export function windowFields(window: { windowStartsAt: Date; windowEndsAt: Date }) {
  return { windowStartsAt: ts(window.windowStartsAt), windowEndsAt: ts(window.windowEndsAt) };
}
