import { useQuery } from "@tanstack/react-query";
import { api } from "./api/index";

const LOOKUP_PATHS = {
  positionNames: "/positions/positionNames",
  skills: "/skills",
} as const;

export const lookupKeys = {
  /** One lookup list: a kind of this module or another fixed list (countries, cities, …). */
  list: (name: string) => ["lookups", name] as const,
};

export type LookupKind = keyof typeof LOOKUP_PATHS;

/** The names of a `[{ name }]` lookup answer; anything else counts as an empty list. */
export const lookupNames = (data: unknown) =>
  (Array.isArray(data) ? (data as { name: string }[]) : []).map((d) => d.name);

/**
 * Position names or skills for the selects. Every screen shares the same cache entry, and the
 * lists change so rarely that they are fetched once per visit.
 */
export function useLookupNames(kind: LookupKind) {
  return useQuery({
    queryKey: lookupKeys.list(kind),
    staleTime: Infinity,
    queryFn: async () => lookupNames((await api.get(LOOKUP_PATHS[kind], { errorEvent: false })).data),
  });
}
