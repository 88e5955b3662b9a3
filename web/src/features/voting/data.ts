import type { PendingVoteDto, VoteSubmission } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { queryRoots } from "../../lib/queryRoots";

export const voteKeys = {
  /** Every pending vote, the account page's list included: read again after a vote. */
  pending: queryRoots.pendingVotes,
  pendingOne: (voteId: string | null) => [...queryRoots.pendingVotes, voteId] as const,
};

export async function fetchPendingVote(voteId: string): Promise<PendingVoteDto> {
  const res = await api.call(
    contract.votes.pendingOne,
    { params: { voteId } },
    { errorEvent: false },
  );
  if (!res.data) throw new Error("empty");
  return res.data;
}

export function usePendingVote(voteId: string | null) {
  return useQuery({
    queryKey: voteKeys.pendingOne(voteId),
    enabled: Boolean(voteId),
    queryFn: () => fetchPendingVote(voteId!),
    retry: false,
  });
}

export async function submitVote(voteId: string, body: VoteSubmission) {
  return api.call(contract.votes.complete, { params: { voteId }, body });
}

/** Deletes the 'Oylama Zamanı' notifications of this vote (after it has been answered). */
export async function deleteVoteTimeNotifications(voteId: string): Promise<void> {
  const res = await api.call(
    contract.notifications.list,
    { query: { limit: 200 } },
    { errorEvent: false },
  );
  const matching = (res.data?.notifications ?? []).filter(
    (n) => n.type === "PROJECT_USER_VOTETIME" && n.content.voteId === voteId,
  );
  await Promise.all(
    matching.map((n) => api.call(contract.notifications.remove, { params: { id: n._id } })),
  );
}
