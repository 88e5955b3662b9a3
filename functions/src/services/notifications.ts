/** A member's own notifications: list, mark read, delete. */
import type { DocumentReference } from "firebase-admin/firestore";
import { type NotificationDoc, type NotificationDto, messages, paths } from "@platform/common";
import { db } from "../firebase.js";
import { forbidden, notFound } from "../http/errors.js";
import { notificationDto } from "./dto.js";

const ref = (id: string) =>
  db().collection(paths.notifications).doc(id) as DocumentReference<NotificationDoc>;

export async function listNotifications(
  uid: string,
  limit: number,
): Promise<{ notifications: NotificationDto[]; unreadCount: number; total: number }> {
  const mine = db().collection(paths.notifications).where("userId", "==", uid);
  const [snap, unread, total] = await Promise.all([
    mine.orderBy("createdAt", "desc").limit(limit).get(),
    mine.where("read", "==", false).count().get(),
    mine.count().get(),
  ]);
  return {
    notifications: snap.docs.map((d) => notificationDto(d.id, d.data() as NotificationDoc)),
    unreadCount: unread.data().count,
    total: total.data().count,
  };
}

async function own(uid: string, id: string) {
  const snap = await ref(id).get();
  if (!snap.exists) throw notFound(messages.notifications.notFound);
  if (snap.data()!.userId !== uid) throw forbidden();
  return snap;
}

export async function markRead(uid: string, id: string): Promise<NotificationDto> {
  const snap = await own(uid, id);
  await snap.ref.update({ read: true });
  return notificationDto(id, { ...snap.data()!, read: true });
}

export async function deleteNotification(uid: string, id: string): Promise<void> {
  const snap = await own(uid, id);
  await snap.ref.delete();
}
