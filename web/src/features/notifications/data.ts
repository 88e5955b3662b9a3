import type { NotificationDto } from "@platform/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";

interface NotificationList {
  notifications: NotificationDto[];
  unreadCount: number;
  total: number;
}

const LIST_KEY = ["notifications", "api-list"] as const;

export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: LIST_KEY,
    enabled,
    queryFn: async () => {
      const res = await api.get<NotificationList>("/notifications", { errorEvent: false });
      return res.data ?? { notifications: [], unreadCount: 0, total: 0 };
    },
  });
}

/** After a change: this list and every other notification query (the bell's badge) refetch. */
function useRefetchAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["notifications"] });
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
