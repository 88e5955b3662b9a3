/** Notifications written inside the transaction of the change they announce. */
import type { Firestore, Transaction } from "firebase-admin/firestore";
import { type NotificationDoc, type NotificationType, paths } from "@platform/common";
import { notificationDoc } from "../infra/notifications.js";

export function notify(
  db: Firestore,
  tx: Transaction,
  recipients: string[],
  type: NotificationType,
  content: NotificationDoc["content"],
  now: Date,
  eventKey: string,
): void {
  for (const userId of new Set(recipients)) {
    // Random ids: an API action happens once; only the jobs need ids derived from the key.
    tx.set(
      db.collection(paths.notifications).doc(),
      notificationDoc({ type, userId, eventKey, content, now }),
    );
  }
}
