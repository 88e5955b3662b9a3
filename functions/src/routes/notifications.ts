import { messages } from "@platform/common";
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import * as notifications from "../services/notifications.js";

const api = contract.notifications;

export const notificationsRoutes = [
  endpoint(api.list, async ({ user, query }) => ({
    data: await notifications.listNotifications(user.uid, query.limit),
  })),

  endpoint(api.markRead, async ({ user, params }) => ({
    message: messages.notifications.markedRead,
    data: await notifications.markRead(user.uid, params.id),
  })),

  endpoint(api.remove, async ({ user, params }) => {
    await notifications.deleteNotification(user.uid, params.id);
    return { message: messages.notifications.deleted };
  }),
];
