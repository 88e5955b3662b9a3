/** The notification document of docs/product-rules.md#notification-types, as the API and the jobs write it. */
import type { NotificationDoc, NotificationType } from "@platform/common";
import { ts } from "./firestore.js";

/** Type, event and recipient: what makes a notification the same one twice. */
export function dedupeKey(type: NotificationType, eventKey: string, userId: string): string {
  return `${type}:${eventKey}:${userId}`;
}

export function notificationDoc(input: {
  type: NotificationType;
  userId: string;
  eventKey: string;
  content: NotificationDoc["content"];
  now: Date;
}): NotificationDoc {
  return {
    userId: input.userId,
    type: input.type,
    read: false,
    createdAt: ts(input.now),
    content: input.content,
    dedupeKey: dedupeKey(input.type, input.eventKey, input.userId),
  };
}
