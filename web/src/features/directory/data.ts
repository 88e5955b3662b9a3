import { paths, searchKeyForQuery, type MemberType, type UserDoc } from "@platform/common";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { withId, type WithId } from "../../lib/firestore";
import {
  allOf,
  countPublicDocuments,
  documentName,
  encodeValue,
  fieldFilter,
  queryPublicDocuments,
} from "../../lib/publicReads";
import { planPageFetch } from "./pagination";
import { queryRoots } from "../../lib/queryRoots";

/** What a directory card shows (and the name key that orders the pages). */
const CARD_FIELDS = [
  "type",
  "userName",
  "name",
  "photoPath",
  "position",
  "skills",
  "nameSort",
] as const;
export type DirectoryUser = WithId<Pick<UserDoc, (typeof CARD_FIELDS)[number]>>;
/** Only the card's fields travel: a profile carries search keys, links and more. */
const cardProjection = { fields: CARD_FIELDS.map((fieldPath) => ({ fieldPath })) };
/** Where a page ends: the cursor of the next query (its name key and, for ties, its id). */
interface Anchor {
  id: string;
  nameSort: string;
}

/**
 * Complete profiles of one type, optionally narrowed by the search key (no ordering). Public
 * data, read over REST (lib/publicReads.ts) so the directories need no Firestore SDK.
 */
function directoryFilter(type: MemberType, search: string) {
  const key = searchKeyForQuery(search);
  return {
    from: [{ collectionId: paths.users }],
    where: allOf([
      fieldFilter("profileComplete", "EQUAL", true),
      fieldFilter("type", "EQUAL", type),
      ...(key ? [fieldFilter("searchKeys", "ARRAY_CONTAINS", key)] : []),
    ]),
  };
}

/** Ordered by name, ties by id (as the SDKs order a query with a cursor). */
const byName = (direction: "ASCENDING" | "DESCENDING") => [
  { field: { fieldPath: "nameSort" }, direction },
  { field: { fieldPath: "__name__" }, direction },
];

export const directoryKeys = {
  count: (type: MemberType, search: string) =>
    [...queryRoots.members, "directory", type, search, "count"] as const,
  page: (type: MemberType, search: string, size: number, page: number, total?: number) =>
    [...queryRoots.members, "directory", type, search, size, page, total] as const,
};

/** Filtered count for the heading and the page buttons (an aggregation, no documents read). */
export function useDirectoryCount(type: MemberType, search: string) {
  return useQuery({
    queryKey: directoryKeys.count(type, search),
    queryFn: () => countPublicDocuments(directoryFilter(type, search)),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of the directory, ordered by name, read on the server side: each query reads at most
 * the page plus the pages between it and the nearest page already read (or the end).
 */
export function useDirectoryPage(
  type: MemberType,
  search: string,
  page: number,
  size: number,
  total: number | undefined,
) {
  // Last document of every page read so far, per filter and page size.
  const anchors = useRef(new Map<string, Map<number, Anchor>>());
  const scope = `${type}|${searchKeyForQuery(search)}|${size}`;
  return useQuery({
    queryKey: directoryKeys.page(type, search, size, page, total),
    enabled: total !== undefined,
    queryFn: async (): Promise<DirectoryUser[]> => {
      let known = anchors.current.get(scope);
      if (!known) anchors.current.set(scope, (known = new Map()));
      const filter = directoryFilter(type, search);
      const plan = planPageFetch(page, size, total!, known.keys());
      let docs: DirectoryUser[];
      if (plan.kind === "after") {
        const cursor = plan.anchorPage > 0 ? known.get(plan.anchorPage) : undefined;
        const all = await readCards(filter, "ASCENDING", plan.take, cursor);
        // Remember the ends of the pages passed on the way.
        for (let i = size - 1; i < all.length; i += size) {
          known.set(plan.anchorPage + (i + 1) / size, anchorOf(all[i]!));
        }
        docs = all.slice(plan.skip);
      } else {
        const all = await readCards(filter, "DESCENDING", plan.take);
        docs = all.slice(all.length - plan.keep).reverse();
      }
      const last = docs[docs.length - 1];
      if (last && docs.length === size) known.set(page, anchorOf(last));
      return docs;
    },
  });
}

/** Up to `take` cards of the filter in name order, after `cursor` when there is one. */
async function readCards(
  filter: ReturnType<typeof directoryFilter>,
  direction: "ASCENDING" | "DESCENDING",
  take: number,
  cursor?: Anchor,
): Promise<DirectoryUser[]> {
  const docs = await queryPublicDocuments({
    ...filter,
    select: cardProjection,
    orderBy: byName(direction),
    limit: take,
    ...(cursor && {
      startAt: {
        values: [
          encodeValue(cursor.nameSort),
          { referenceValue: documentName(paths.user(cursor.id)) },
        ],
        before: false,
      },
    }),
  });
  return docs.map((d) => withId<Omit<DirectoryUser, "id">>(d));
}

const anchorOf = (user: DirectoryUser): Anchor => ({ id: user.id, nameSort: user.nameSort });
