import { Router } from "express";
import { z } from "zod";
import { messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import * as notifications from "../services/notifications.js";
import { idSchema } from "./schemas.js";

const params = z.object({ id: idSchema("Geçersiz bildirim ID'si.") });
const listQuery = z.object({
  limit: z.coerce
    .number({ error: "Sayfa boyutu geçersiz." })
    .int({ error: "Sayfa boyutu geçersiz." })
    .min(1, { error: "Sayfa boyutu geçersiz." })
    .max(200, { error: "Sayfa boyutu en fazla 200 olabilir." })
    .default(100),
});

export function notificationsRouter(): Router {
  const r = Router();

  r.get(
    "/",
    endpoint({ auth: "required", query: listQuery }, async ({ user, query }) => ({
      data: await notifications.listNotifications(user.uid, query.limit),
    })),
  );

  r.patch(
    "/:id",
    endpoint({ auth: "required", params }, async ({ user, params }) => ({
      message: messages.notifications.markedRead,
      data: await notifications.markRead(user.uid, params.id),
    })),
  );

  r.delete(
    "/:id",
    endpoint({ auth: "required", params }, async ({ user, params }) => {
      await notifications.deleteNotification(user.uid, params.id);
      return { message: messages.notifications.deleted };
    }),
  );

  return r;
}
