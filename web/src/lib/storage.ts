import { useQuery } from "@tanstack/react-query";
import { emulatorOrigin, emulatorPorts, firebaseConfig } from "./firebaseConfig";
import { appCheckHeaders } from "./publicReads";

/**
 * Download URL of a publicly readable Storage object (project images, profile photos), as the
 * SDK's getDownloadURL makes it: the object's metadata read over Storage's REST API (under
 * storage.rules, with the App Check token once enforced) gives its download token. Without the
 * SDK, the public lists and profiles load no Firebase code for their pictures.
 */
export async function storageDownloadUrl(path: string): Promise<string> {
  const origin = emulatorPorts
    ? emulatorOrigin(emulatorPorts.storage)
    : "https://firebasestorage.googleapis.com";
  const object = `${origin}/v0/b/${encodeURIComponent(firebaseConfig.storageBucket!)}/o/${encodeURIComponent(path)}`;
  const res = await fetch(object, { headers: await appCheckHeaders() });
  if (!res.ok) throw new Error(`Storage answered ${res.status} for ${path}`);
  const token = ((await res.json()) as { downloadTokens?: string }).downloadTokens?.split(",")[0];
  if (!token) throw new Error(`${path} has no download token`);
  return `${object}?alt=media&token=${encodeURIComponent(token)}`;
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
