/** A member's own notifications: list, mark read, delete. */
import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { type NotificationDoc, type NotificationDto, messages, paths } from "@platform/common";
import { forbidden, notFound } from "../domain/errors.js";
import { notificationDto } from "./dto.js";
import { productionDeps } from "../composition-root.js";
import type { ServiceDeps } from "./deps.js";

const ref = (db: Firestore, id: string) =>
  db.collection(paths.notifications).doc(id) as DocumentReference<NotificationDoc>;

export async function listNotifications(
  uid: string,
  limit: number,
  { db }: ServiceDeps = productionDeps(),
): Promise<{ notifications: NotificationDto[]; unreadCount: number; total: number }> {
  const mine = db.collection(paths.notifications).where("userId", "==", uid);
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

async function own(db: Firestore, uid: string, id: string) {
  const snap = await ref(db, id).get();
  if (!snap.exists) throw notFound(messages.notifications.notFound);
  if (snap.data()!.userId !== uid) throw forbidden();
  return snap;
}

export async function markRead(
  uid: string,
  id: string,
  { db }: ServiceDeps = productionDeps(),
): Promise<NotificationDto> {
  const snap = await own(db, uid, id);
  await snap.ref.update({ read: true });
  return notificationDto(id, { ...snap.data()!, read: true });
}

export async function deleteNotification(
  uid: string,
  id: string,
  { db }: ServiceDeps = productionDeps(),
): Promise<void> {
  const snap = await own(db, uid, id);
  await snap.ref.delete();
}
