import { paths, type PositionDoc, type ProjectDoc } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  collection,
  type DocumentData,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  where,
} from "firebase/firestore/lite";
import { api } from "../../lib/api/index";
import { db } from "../../lib/firebase";
import { useStorageUrls } from "../../lib/storage";
import { withId, type WithId } from "../../lib/firestore";
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

/** A document as both SDKs give it (a read now, a listener's snapshot). */
interface ReadDoc {
  id: string;
  data: DocumentData;
}

/** The project as the detail shows it; null when it is gone. */
export const projectFrom = (d: ReadDoc | null): Project | null =>
  d ? { ...(d.data as ProjectDoc), id: d.id } : null;

/** Open positions of a project, Juniors first, then by name. */
export const openPositionsFrom = (docs: ReadDoc[]): Position[] =>
  docs
    .map((d) => ({ ...(d.data as PositionDoc), id: d.id }))
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
      const snap = await getDoc(doc(db, paths.project(projectId)));
      return projectFrom(snap.exists() ? { id: snap.id, data: snap.data() } : null);
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
      return openPositionsFrom(snap.docs.map((d) => ({ id: d.id, data: d.data() })));
    },
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
