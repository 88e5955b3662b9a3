import { collectionGroups, paths, type PositionDoc, type ProjectDoc } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { type ReadDoc, withId, type WithId } from "../../lib/firestore";
import { fieldFilter, getPublicDocument, queryPublicDocuments } from "../../lib/publicReads";
import { useLiveProject } from "../../lib/live";
import { queryRoots } from "../../lib/queryRoots";

export type Project = WithId<ProjectDoc>;
export type Position = WithId<PositionDoc>;

export const projectKeys = {
  all: queryRoots.projects,
  live: [...queryRoots.projects, "live"] as const,
  detail: (projectId: string) => [...queryRoots.projects, projectId, "detail"] as const,
  openPositions: (projectId: string | null) =>
    [...queryRoots.projects, projectId, "positions"] as const,
};

/**
 * Live projects, newest first (the list shows them in reverse order of going live). Public
 * data, read over REST (lib/publicReads.ts) so the list needs no Firestore SDK.
 */
export function useLiveProjects() {
  return useQuery({
    queryKey: projectKeys.live,
    queryFn: async () =>
      (
        await queryPublicDocuments({
          from: [{ collectionId: paths.projects }],
          where: fieldFilter("isLive", "EQUAL", true),
          orderBy: [{ field: { fieldPath: "liveSince" }, direction: "DESCENDING" }],
        })
      ).map((d) => withId<ProjectDoc>(d)),
  });
}

/** The project as the detail shows it; null when it is gone. */
export const projectFrom = (d: ReadDoc | null): Project | null =>
  d ? withId<ProjectDoc>(d) : null;

/** Open positions of a project, Juniors first, then by name. */
export const openPositionsFrom = (docs: ReadDoc[]): Position[] =>
  docs
    .map((d) => withId<PositionDoc>(d))
    .filter((p) => p.status === "OPEN")
    .sort(
      (a, b) => a.type.localeCompare(b.type) || a.positionName.localeCompare(b.positionName, "tr"),
    );

/**
 * The selected project read again, so the detail shows its current state (team, progress) rather
 * than the list's copy; null when it is gone.
 */
export function useProjectDetail(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: async () => {
      const data = await getPublicDocument(paths.project(projectId));
      return projectFrom(data ? { id: projectId, data } : null);
    },
  });
}

/** Open positions of a live project, Juniors first, then by name. */
export function useOpenPositions(projectId: string | null) {
  return useQuery({
    queryKey: projectKeys.openPositions(projectId),
    enabled: projectId !== null,
    queryFn: async () =>
      openPositionsFrom(
        await queryPublicDocuments(
          { from: [{ collectionId: collectionGroups.positions }] },
          paths.project(projectId!),
        ),
      ),
  });
}

/**
 * For signed-in members the detail follows the project as it changes (a seat filled or freed, the
 * team, progress, positions opening and closing); the list's card of the project follows too.
 */
export function useProjectDetailUpdates(projectId: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  useLiveProject(
    projectId,
    signedIn,
    {
      key: projectKeys.detail(projectId),
      map: projectFrom,
      also: (project) => {
        if (!project) return;
        queryClient.setQueryData<Project[]>(projectKeys.live, (list) =>
          list?.map((p) => (p.id === project.id ? project : p)),
        );
      },
    },
    { key: projectKeys.openPositions(projectId), map: openPositionsFrom },
  );
}

/** Applies to an open position (docs/product-rules.md#apply-rules); the answer may still refuse it (`success: false`). */
export const applyToPosition = (positionId: string) =>
  api.call(contract.positions.apply, { params: { positionId } });
