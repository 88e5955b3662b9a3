import { paths, type NotificationDto } from "@platform/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { collection, getCount, query, where } from "firebase/firestore/lite";
import { db } from "../../lib/firebase";
import { queryRoots } from "../../lib/queryRoots";

interface NotificationList {
  notifications: NotificationDto[];
  unreadCount: number;
  total: number;
}

export const notificationKeys = {
  all: queryRoots.notifications,
  list: [...queryRoots.notifications, "api-list"] as const,
  unreadCount: (uid: string) => [...queryRoots.notifications, uid, "unread-count"] as const,
};

export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    enabled,
    queryFn: async () => {
      const res = await api.get<NotificationList>("/notifications", { errorEvent: false });
      return res.data ?? { notifications: [], unreadCount: 0, total: 0 };
    },
  });
}

/** The bell's badge: unread notifications counted by Firestore (an aggregation, no documents read). */
export function useUnreadCount(uid: string) {
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
    mutationFn: (id: string) => api.patch(`/notifications/${id}`),
    onSettled: refetch,
  });
}

export function useDeleteNotification() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/notifications/${id}`),
    onSettled: refetch,
  });
}
