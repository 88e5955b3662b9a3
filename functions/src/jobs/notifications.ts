/**
 * Notifications written by jobs. Each has a deterministic document id derived from its
 * `dedupeKey` (type, event, recipient), so a job that runs twice or resumes writes none twice.
 */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { type NotificationDoc, type NotificationType, paths } from "@platform/common";
import { notificationDoc } from "../infra/notifications.js";
import { type BatchWriter, getAllChunked } from "./runtime.js";

export { dedupeKey } from "../infra/notifications.js";

export interface JobNotification {
  ref: DocumentReference<NotificationDoc>;
  doc: NotificationDoc;
}

export function jobNotification(
  db: Firestore,
  input: {
    type: NotificationType;
    userId: string;
    eventKey: string;
    content: NotificationDoc["content"];
    now: Date;
  },
): JobNotification {
  const doc = notificationDoc(input);
  const ref = db
    .collection(paths.notifications)
    .doc(doc.dedupeKey.replaceAll("/", "_")) as DocumentReference<NotificationDoc>;
  return { ref, doc };
}

/**
 * Writes the notifications that do not exist yet (a member may already have read one written by
 * an interrupted run: it is left as it is). Returns how many were written.
 */
export async function writeMissingNotifications(
  db: Firestore,
  writer: BatchWriter,
  notifications: readonly JobNotification[],
): Promise<number> {
  const existing = await getAllChunked(
    db,
    notifications.map((n) => n.ref),
  );
  const present = new Set(existing.filter((s) => s.exists).map((s) => s.ref.path));
  let written = 0;
  for (const n of notifications) {
    if (present.has(n.ref.path)) continue;
    await writer.set(n.ref, n.doc);
    written++;
  }
  return written;
}
