import { contract } from "./api/endpoints";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api/index";
import { useLiveOwnProjects } from "./live";
import { queryRoots } from "./queryRoots";

export const userProjectsKeys = {
  of: (uid: string | null | undefined) => [...queryRoots.projects, "of-member", uid] as const,
};

/**
 * Every project a member took part in, past ones included, for the own account page and the
 * public profile alike. Memberships of other members are not readable under the rules, so this
 * comes from the public `/api/projects/userProjects`.
 */
export function useUserProjects(uid: string | null | undefined) {
  return useQuery({
    queryKey: userProjectsKeys.of(uid),
    enabled: Boolean(uid),
    queryFn: async () =>
      (
        await api.call(
          contract.projects.userProjects,
          { params: { userId: uid! } },
          { errorEvent: false },
        )
      ).data ?? [],
  });
}

/** The signed-in member's own projects, read again when they join or leave one. */
export function useOwnProjects(uid: string | null) {
  useLiveOwnProjects(uid, userProjectsKeys.of(uid));
  return useUserProjects(uid);
}
