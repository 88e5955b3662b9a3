import { contract } from "./api/endpoints";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api/index";

export const lookupKeys = {
  list: (name: string) => ["lookups", name] as const,
};

const NAME_LOOKUPS = {
  positionNames: contract.positions.names,
  skills: contract.lookups.skills,
} as const;

export type LookupKind = keyof typeof NAME_LOOKUPS;

/** The names of a `[{ name }]` lookup answer; anything else counts as an empty list. */
export const lookupNames = (data: unknown) =>
  (Array.isArray(data) ? (data as { name: string }[]) : []).map((d) => d.name);

/** Reference lists change so rarely that they are fetched once per visit. */
const ONCE_PER_VISIT = { staleTime: Infinity } as const;

/** Position names or skills for the selects. Every screen shares the same cache entry. */
export function useLookupNames(kind: LookupKind) {
  return useQuery({
    queryKey: lookupKeys.list(kind),
    ...ONCE_PER_VISIT,
    queryFn: async () =>
      lookupNames((await api.call(NAME_LOOKUPS[kind], {}, { errorEvent: false })).data),
  });
}

/** Countries with their ISO codes, for the address select. */
export function useCountries() {
  return useQuery({
    queryKey: lookupKeys.list("countries"),
    ...ONCE_PER_VISIT,
    queryFn: async () => {
      const data: unknown = (await api.call(contract.lookups.countries)).data;
      return Array.isArray(data) ? (data as { isoCode: string; name: string }[]) : [];
    },
  });
}

/** Cities of a country (by ISO code); nothing is asked for before a country is chosen. */
export function useCities(isoCode: string | null) {
  return useQuery({
    queryKey: lookupKeys.list(`cities-${isoCode}`),
    enabled: isoCode !== null,
    ...ONCE_PER_VISIT,
    queryFn: async () =>
      lookupNames((await api.call(contract.lookups.cities, { params: { isoCode: isoCode! } })).data),
  });
}

/** The languages of the languages section. */
export function useTurkishLanguages() {
  return useQuery({
    queryKey: lookupKeys.list("turkishLanguages"),
    ...ONCE_PER_VISIT,
    queryFn: async () => {
      const data: unknown = (await api.call(contract.lookups.turkishLanguages)).data;
      return Array.isArray(data) ? (data as string[]) : [];
    },
  });
}
