import { describe, expect, it } from "vitest";
import { messages, paths } from "@platform/common";
import * as notifications from "../../src/services/notifications.js";
import { notificationDoc } from "../../src/infra/notifications.js";
import { T0, serviceWorlds } from "./harness.js";

const world = serviceWorlds();

async function seed(w: ReturnType<typeof world>, userId: string, minutes: number, read = false) {
  const ref = w.db.collection(paths.notifications).doc();
  await ref.set({
    ...notificationDoc({
      type: "PROJECT_UPDATED",
      userId,
      eventKey: `e-${minutes}`,
      content: { projectId: "p", projectTitle: "Proje" },
      now: new Date(T0.getTime() + minutes * 60_000),
    }),
    read,
  });
  return ref.id;
}

describe("notifications service", () => {
  it("lists the member's own, newest first, with counts", async () => {
    const w = world();
    const first = await seed(w, "u1", 1, true);
    const second = await seed(w, "u1", 2);
    await seed(w, "u2", 3);
    const list = await notifications.listNotifications("u1", 10, w.deps);
    expect(list.notifications.map((n) => n._id)).toEqual([second, first]);
    expect(list).toMatchObject({ unreadCount: 1, total: 2 });
    expect((await notifications.listNotifications("u1", 1, w.deps)).notifications).toHaveLength(1);
  });

  it("marks read and deletes only the member's own", async () => {
    const w = world();
    const mine = await seed(w, "u1", 1);
    const theirs = await seed(w, "u2", 2);
    expect(await notifications.markRead("u1", mine, w.deps)).toMatchObject({
      _id: mine,
      read: true,
    });
    await expect(notifications.markRead("u1", theirs, w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: messages.general.forbidden,
    });
    await expect(notifications.deleteNotification("u1", theirs, w.deps)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await w.db.doc(`${paths.notifications}/${theirs}`).get()).data()?.read).toBe(false);
    await notifications.deleteNotification("u1", mine, w.deps);
    await expect(notifications.markRead("u1", mine, w.deps)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: messages.notifications.notFound,
    });
  });
});
