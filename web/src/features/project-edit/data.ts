import { contract } from "../../lib/api/endpoints";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { getStorageSdk } from "../../lib/firebase";
import type { NewPosition, ProjectFields } from "./rules";
import { queryRoots } from "../../lib/queryRoots";

export const projectEditKeys = {
  project: (id: string) => [...queryRoots.projects, "edit", id, "project"] as const,
  positions: (id: string) => [...queryRoots.projects, "edit", id, "positions"] as const,
};

export function useEditedProject(id: string) {
  return useQuery({
    queryKey: projectEditKeys.project(id),
    retry: false,
    queryFn: async () =>
      (await api.call(contract.projects.byId, { params: { id } }, { errorEvent: false })).data ??
      null,
  });
}

export function useProjectPositions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: projectEditKeys.positions(id),
    enabled,
    queryFn: async () =>
      (
        await api.call(
          contract.positions.byProject,
          { params: { projectId: id } },
          { errorEvent: false },
        )
      ).data ?? [],
  });
}

export const updateProject = (id: string, update: Partial<ProjectFields>) =>
  api.call(contract.projects.update, { params: { id }, body: update });

export const addPositions = (projectId: string, positions: NewPosition[]) =>
  api.call(contract.positions.add, { body: { projectId, positions } });

export const deletePosition = (positionId: string) =>
  api.call(contract.positions.remove, { params: { positionId } });

/** The project image straight to Storage (projects/{id}/image/…), then recorded through the API. */
export async function uploadProjectImage(projectId: string, file: File): Promise<void> {
  const [storage, { ref, uploadBytes }] = await Promise.all([
    getStorageSdk(),
    import("firebase/storage"),
  ]);
  const name = `${Date.now()}-${file.name.replace(/[^A-Za-z0-9._-]/g, "_").slice(-80) || "gorsel"}`;
  const path = `projects/${projectId}/image/${name}`;
  await uploadBytes(ref(storage, path), file, { contentType: file.type });
  await api.call(contract.images.record, {
    body: { relatedId: projectId, relatedType: "Project", imageType: "Logo", path },
  });
}
