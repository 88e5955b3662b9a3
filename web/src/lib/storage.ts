import { useQueries, useQuery } from "@tanstack/react-query";
import { getStorageSdk } from "./firebase";

/** Download URL of a publicly readable Storage object (project images, profile photos). */
export async function storageDownloadUrl(path: string): Promise<string> {
  const [storage, { getDownloadURL, ref }] = await Promise.all([
    getStorageSdk(),
    import("firebase/storage"),
  ]);
  return getDownloadURL(ref(storage, path));
}

export const storageKeys = {
  url: (path: string | null | undefined) => ["storage-url", path] as const,
};

const urlQuery = (path: string | null | undefined) => ({
  queryKey: storageKeys.url(path),
  queryFn: () => storageDownloadUrl(path!),
  enabled: Boolean(path),
  staleTime: Infinity,
  retry: false,
});

export function useStorageUrl(path: string | null | undefined) {
  return useQuery(urlQuery(path));
}

/** Download URLs of several objects, each fetched on its own; missing paths give undefined. */
export function useStorageUrls(paths: (string | null | undefined)[]): (string | undefined)[] {
  return useQueries({ queries: paths.map(urlQuery) }).map((r) => r.data);
}
