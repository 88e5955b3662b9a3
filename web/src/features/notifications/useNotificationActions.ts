import { notifications as toasts } from "@mantine/notifications";
import type { NotificationDto } from "@platform/common";
import { useNavigate } from "react-router-dom";
import { messageOf } from "../../lib/api/errors";
import { useViewer } from "../../lib/viewer";
import { useDeleteNotification, useMarkRead } from "./data";
import { VOTE_QUERY_PARAM } from "../../lib/voteQueryParam";
import { notificationAction } from "./rules";

/**
 * What a click and the cross do to a notification, wherever it is listed (docs/product-rules.md#notification-read-delete): an unread one
 * is marked read first (every notification query refetches, so the badge drops), then the click
 * follows its type; a failure is shown as a toast and changes nothing.
 */
export function useNotificationActions() {
  const navigate = useNavigate();
  const viewer = useViewer();
  const markRead = useMarkRead();
  const remove = useDeleteNotification();

  const open = async (n: NotificationDto) => {
    if (!n.read) {
      try {
        await markRead.mutateAsync(n._id);
      } catch (err) {
        toasts.show({ color: "red", message: messageOf(err) });
      }
    }
    const action = notificationAction(n, viewer.profile?.userName ?? "");
    if (action.kind === "vote") {
      navigate({ search: `?${VOTE_QUERY_PARAM}=${encodeURIComponent(action.voteId)}` });
    } else {
      navigate(action.to, action.state ? { state: action.state } : undefined);
    }
  };

  const del = (n: NotificationDto) =>
    remove.mutate(n._id, {
      onError: (err) => toasts.show({ color: "red", message: messageOf(err) }),
    });

  return { open, del };
}
