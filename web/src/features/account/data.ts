import { contract } from "../../lib/api/endpoints";
import type { CallInput } from "../../lib/api/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { useLivePendingVotes } from "../../lib/live";
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
      (await api.call(contract.users.byId, { params: { id: uid! } })).data ?? null,
  });
}

export function useAccountFeedbacks(uid: string | null) {
  return useQuery({
    queryKey: accountKeys.feedbacks(uid),
    enabled: uid !== null,
    queryFn: async () =>
      (await api.call(contract.votes.feedbacks, {}, { errorEvent: false })).data ?? [],
  });
}

export function usePaymentInfo() {
  return useQuery({
    queryKey: accountKeys.payment,
    queryFn: async () => (await api.call(contract.users.paymentInfo)).data ?? null,
  });
}

export function useStatements() {
  return useQuery({
    queryKey: accountKeys.statements,
    queryFn: async () => (await api.call(contract.users.statements)).data ?? [],
  });
}

/** Saves the IBAN; `onSaved` runs before the payment section is read again. */
export function useSaveIban(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (iban: string) => api.call(contract.users.saveIban, { body: { iban } }),
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

/** A section of the profile as PATCH /users takes it. */
export type ProfileSave = CallInput<typeof contract.users.updateProfile>["body"];

export const saveProfile = (body: ProfileSave) => api.call(contract.users.updateProfile, { body });

/** Deletes the own account (KVKK); the password confirms it. */
export const deleteOwnAccount = (password: string) =>
  api.call(contract.users.deleteOwnAccount, { body: { password } }, { errorEvent: false });

/** The member's data as the JSON the export sends. */
export const exportOwnData = async (): Promise<unknown> =>
  api.call(contract.users.exportOwnData, {}, { errorEvent: false });

export function useSendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.call(contract.auth.sendEmailConfirmation, {
        body: { email, redirectUrl: window.location.pathname },
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
    mutationFn: (projectId: string) => api.call(contract.projects.leave, { body: { projectId } }),
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

/** The member's pending votes, read again when a vote opens, is answered or closes. */
export function usePendingVotes(uid: string | null, enabled: boolean) {
  useLivePendingVotes(uid, enabled, queryRoots.pendingVotes);
  return useQuery({
    queryKey: accountKeys.pendingVotes,
    enabled,
    queryFn: async () =>
      (await api.call(contract.votes.pending, {}, { errorEvent: false })).data ?? [],
  });
}
