import { useQuery } from "@tanstack/react-query";
import { api } from "../api";

/** `projects/<id>/databases/(default)/documents`, the prefix of reference values. */
export function useProjectRoot(): string {
  const overview = useQuery({
    queryKey: ["overview-project"],
    queryFn: () => api<{ projectId: string }>("/api/overview"),
    staleTime: Infinity,
  });
  return `projects/${overview.data?.projectId ?? "-"}/databases/(default)/documents`;
}
