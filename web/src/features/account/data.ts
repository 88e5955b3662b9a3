import type { FeedbackDto, PendingVoteDto, UserDto } from "@platform/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";

export function useAccountUser(uid: string | null) {
  return useQuery({
    queryKey: ["account", uid, "user"],
    enabled: uid !== null,
    queryFn: async () =>
      (await api.get<UserDto>(`/users/${encodeURIComponent(uid!)}`)).data ?? null,
  });
}

export function useAccountFeedbacks(uid: string | null) {
  return useQuery({
    queryKey: ["account", uid, "feedbacks"],
    enabled: uid !== null,
    queryFn: async () =>
      (await api.get<FeedbackDto[]>("/votes/feedbacks", { errorEvent: false })).data ?? [],
  });
}

export function useSendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post("/auth/send-email-confirmation", {
        email,
        redirectUrl: window.location.pathname,
      }),
  });
}

export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => api.patch("/projects/leftProject", { projectId }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function usePendingVotes(enabled: boolean) {
  return useQuery({
    queryKey: ["votes", "pending", "list"],
    enabled,
    queryFn: async () =>
      (await api.get<PendingVoteDto[]>("/votes/pending", { errorEvent: false })).data ?? [],
  });
}
