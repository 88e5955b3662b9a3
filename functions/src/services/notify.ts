/** Notifications written inside the transaction of the change they announce. */
import type { Transaction } from "firebase-admin/firestore";
import { type NotificationDoc, type NotificationType, paths } from "@platform/common";
import { db } from "../firebase.js";
import { ts } from "../infra/firestore.js";

export function notify(
  tx: Transaction,
  recipients: string[],
  type: NotificationType,
  content: NotificationDoc["content"],
  now: Date,
  eventKey: string,
): void {
  for (const userId of new Set(recipients)) {
    const dedupeKey = `${type}:${eventKey}:${userId}`;
    const ref = db().collection(paths.notifications).doc();
    const doc: NotificationDoc = {
      userId,
      type,
      read: false,
      createdAt: ts(now),
      content,
      dedupeKey,
    };
    tx.set(ref, doc);
  }
}
