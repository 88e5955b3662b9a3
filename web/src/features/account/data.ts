import type {
  FeedbackDto,
  PaymentInfoDto,
  PendingVoteDto,
  StatementDto,
  UserDto,
} from "@platform/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { queryRoots } from "../../lib/queryRoots";

export const accountKeys = {
  user: (uid: string | null) => [...queryRoots.members, "account", uid, "user"] as const,
  feedbacks: (uid: string | null) => [...queryRoots.members, "account", uid, "feedbacks"] as const,
  payment: [...queryRoots.members, "account", "payment"] as const,
  statements: [...queryRoots.members, "account", "statements"] as const,
  pendingVotes: [...queryRoots.pendingVotes, "list"] as const,
};

export function useAccountUser(uid: string | null) {
  return useQuery({
    queryKey: accountKeys.user(uid),
    enabled: uid !== null,
    queryFn: async () =>
      (await api.get<UserDto>(`/users/${encodeURIComponent(uid!)}`)).data ?? null,
  });
}

export function useAccountFeedbacks(uid: string | null) {
  return useQuery({
    queryKey: accountKeys.feedbacks(uid),
    enabled: uid !== null,
    queryFn: async () =>
      (await api.get<FeedbackDto[]>("/votes/feedbacks", { errorEvent: false })).data ?? [],
  });
}

export function usePaymentInfo() {
  return useQuery({
    queryKey: accountKeys.payment,
    queryFn: async () => (await api.get<PaymentInfoDto>("/users/me/payment")).data ?? null,
  });
}

export function useStatements() {
  return useQuery({
    queryKey: accountKeys.statements,
    queryFn: async () => (await api.get<StatementDto[]>("/users/me/statements")).data ?? [],
  });
}

/** Saves the IBAN; `onSaved` runs before the payment section is read again. */
export function useSaveIban(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (iban: string) =>
      api.request<PaymentInfoDto>("PUT", "/users/me/iban", { body: { iban } }),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: accountKeys.payment });
    },
  });
}

/**
 * After the member's own profile or photo changed: every view of members (the header, this page,
 * profiles, directories) and the project teams that show them are read again.
 */
export function useRefreshMemberViews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.members }),
      queryClient.invalidateQueries({ queryKey: queryRoots.projects }),
    ]);
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

/**
 * Leaving a project changes the member, the project and its team, the pending votes of that
 * project and brings notifications: all of them are read again.
 */
export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => api.patch("/projects/leftProject", { projectId }),
    onSettled: () =>
      Promise.all(
        [
          queryRoots.members,
          queryRoots.projects,
          queryRoots.pendingVotes,
          queryRoots.notifications,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function usePendingVotes(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.pendingVotes,
    enabled,
    queryFn: async () =>
      (await api.get<PendingVoteDto[]>("/votes/pending", { errorEvent: false })).data ?? [],
  });
}
