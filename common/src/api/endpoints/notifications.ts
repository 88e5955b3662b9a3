/** The member's notifications (spec §4, §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import { idField, queryInt } from "../fields.js";
import type { NotificationDto, NotificationListDto } from "../types.js";

const N = messages.notifications;
const params = z.object({ id: idField(N.invalidId) });

export const list = endpoint({
  ...routes.notifications.list,
  access: "member",
  query: z.object({
    limit: z.pipe(
      queryInt({ min: 1, fallback: 100, message: messages.general.pageSizeInvalid }),
      z.number().check(z.lte(200, { error: N.limitTooLarge })),
    ),
  }),
  response: data<NotificationListDto>(),
});

export const markRead = endpoint({
  ...routes.notifications.markRead,
  access: "member",
  params,
  response: data<NotificationDto>(),
});

export const remove = endpoint({
  ...routes.notifications.remove,
  access: "member",
  params,
  response: data<undefined>(),
});
