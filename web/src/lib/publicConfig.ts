import {
  DEFAULT_PROFIT_RATE,
  type PublicConfigDoc,
  isValidProfitRate,
  paths,
} from "@platform/common";
import { useQuery } from "@tanstack/react-query";
import { toDate } from "./firestore";
import { getPublicDocument } from "./publicReads";

export interface PublicConfig {
  /** The platform's share of net profit now in force (0.1 for 10%). */
  profitRate: number;
  /** The latest rate change while it is announced (30 days), else null. */
  announcement: { text: string; startsAt: Date; endsAt: Date } | null;
}

/** `config/public` as the screens use it; the default rate until the job has written it. */
export function readPublicConfig(data: Partial<PublicConfigDoc> | undefined): PublicConfig {
  const a = data?.announcement;
  const startsAt = toDate(a?.startsAt);
  const endsAt = toDate(a?.endsAt);
  return {
    profitRate: isValidProfitRate(data?.profitRate) ? data.profitRate : DEFAULT_PROFIT_RATE,
    announcement: a && startsAt && endsAt ? { text: a.text, startsAt, endsAt } : null,
  };
}

export const publicConfigKeys = { all: ["config", "public"] as const };

/** The public platform facts (the profit rate and its announcement), read once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKeys.all,
    staleTime: 5 * 60_000,
    // Over REST: the shell needs it on every page, before any screen loaded the Firestore SDK.
    queryFn: async () =>
      readPublicConfig(
        (await getPublicDocument(paths.publicConfig)) as Partial<PublicConfigDoc> | undefined,
      ),
  });
}
