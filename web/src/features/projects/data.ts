import { paths, type PositionDoc, type ProjectDoc } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useQuery } from "@tanstack/react-query";
import { collection, doc, getDoc, getDocs, orderBy, query, where } from "firebase/firestore/lite";
import { api } from "../../lib/api/index";
import { db } from "../../lib/firebase";
import { useStorageUrls } from "../../lib/storage";
import { withId, type WithId } from "../../lib/firestore";
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

/** Live projects, newest first (the list shows them in reverse order of going live). */
export function useLiveProjects() {
  return useQuery({
    queryKey: projectKeys.live,
    queryFn: async () => {
      const q = query(
        collection(db, paths.projects),
        where("isLive", "==", true),
        orderBy("liveSince", "desc"),
      );
      return (await getDocs(q)).docs.map((d) => withId<ProjectDoc>(d));
    },
  });
}

/**
 * The selected project read again, so the detail shows its current state (team, progress) rather
 * than the list's copy; null when it is gone.
 */
export function useProjectDetail(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: async () => {
      const snap = await getDoc(doc(db, paths.project(projectId)));
      return snap.exists() ? { ...(snap.data() as ProjectDoc), id: snap.id } : null;
    },
  });
}

/** Open positions of a live project, Juniors first, then by name. */
export function useOpenPositions(projectId: string | null) {
  return useQuery({
    queryKey: projectKeys.openPositions(projectId),
    enabled: projectId !== null,
    queryFn: async () => {
      const snap = await getDocs(collection(db, paths.positions(projectId!)));
      return snap.docs
        .map((d) => withId<PositionDoc>(d))
        .filter((p) => p.status === "OPEN")
        .sort(
          (a, b) =>
            a.type.localeCompare(b.type) || a.positionName.localeCompare(b.positionName, "tr"),
        );
    },
  });
}

/** Applies to an open position (docs/product-rules.md#apply-rules); the answer may still refuse it (`success: false`). */
export const applyToPosition = (positionId: string) =>
  api.call(contract.positions.apply, { params: { positionId } });

/** Download URLs of the project images, fetched one by one once the list is there. */
export function useProjectImages(projects: Project[] | undefined): Record<string, string> {
  const list = projects ?? [];
  const urls = useStorageUrls(list.map((p) => p.imagePath));
  const byId: Record<string, string> = {};
  list.forEach((p, i) => {
    const url = urls[i];
    if (url) byId[p.id] = url;
  });
  return byId;
}
