import { paths } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { collection, getCount, query, where } from "firebase/firestore/lite";
import { db } from "../../lib/firebase";
import { useLiveNotificationList, useLiveUnreadCount } from "../../lib/live";
import { queryRoots } from "../../lib/queryRoots";

/**
 * How many of the newest notifications the list shows (the API's default page); the live list
 * watches the same window.
 */
export const NOTIFICATION_LIST_LIMIT = 100;

export const notificationKeys = {
  all: queryRoots.notifications,
  list: [...queryRoots.notifications, "api-list"] as const,
  unreadCount: (uid: string) => [...queryRoots.notifications, uid, "unread-count"] as const,
};

/** The member's newest notifications, read again whenever they change while shown. */
export function useNotificationList(uid: string | null, enabled: boolean) {
  useLiveNotificationList(uid, enabled, NOTIFICATION_LIST_LIMIT, notificationKeys.list);
  return useQuery({
    queryKey: notificationKeys.list,
    enabled,
    queryFn: async () => {
      const res = await api.call(
        contract.notifications.list,
        { query: { limit: NOTIFICATION_LIST_LIMIT } },
        { errorEvent: false },
      );
      return res.data ?? { notifications: [], unreadCount: 0, total: 0 };
    },
  });
}

/**
 * The bell's badge: unread notifications counted by Firestore (an aggregation, no documents read)
 * for the first figure, then kept current by a listener on the unread notifications.
 */
export function useUnreadCount(uid: string) {
  useLiveUnreadCount(uid, notificationKeys.unreadCount(uid));
  return useQuery({
    queryKey: notificationKeys.unreadCount(uid),
    queryFn: async () => {
      const unread = query(
        collection(db, paths.notifications),
        where("userId", "==", uid),
        where("read", "==", false),
      );
      return (await getCount(unread)).data().count;
    },
  });
}

/** After a change: this list and every other notification query (the bell's badge) refetch. */
function useRefetchAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkRead() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: (id: string) => api.call(contract.notifications.markRead, { params: { id } }),
    onSettled: refetch,
  });
}

export function useDeleteNotification() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: (id: string) => api.call(contract.notifications.remove, { params: { id } }),
    onSettled: refetch,
  });
}
