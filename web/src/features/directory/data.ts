import { paths, searchKeyForQuery, type MemberType, type UserDoc } from "@platform/common";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  collection,
  getCount,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type Query,
  type QueryDocumentSnapshot,
} from "firebase/firestore/lite";
import { useRef } from "react";
import { db } from "../../lib/firebase";
import { withId, type WithId } from "../../lib/firestore";
import { planPageFetch } from "./pagination";
import { queryRoots } from "../../lib/queryRoots";

export type DirectoryUser = WithId<UserDoc>;
type Snapshot = QueryDocumentSnapshot<DocumentData>;

/** Complete profiles of one type, optionally narrowed by the search key (no ordering). */
function directoryFilter(type: MemberType, search: string): Query<DocumentData> {
  const key = searchKeyForQuery(search);
  const base = query(
    collection(db, paths.users),
    where("profileComplete", "==", true),
    where("type", "==", type),
  );
  return key ? query(base, where("searchKeys", "array-contains", key)) : base;
}

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
    queryFn: async () => (await getCount(directoryFilter(type, search))).data().count,
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
  const anchors = useRef(new Map<string, Map<number, Snapshot>>());
  const scope = `${type}|${searchKeyForQuery(search)}|${size}`;
  return useQuery({
    queryKey: directoryKeys.page(type, search, size, page, total),
    enabled: total !== undefined,
    queryFn: async (): Promise<DirectoryUser[]> => {
      let known = anchors.current.get(scope);
      if (!known) anchors.current.set(scope, (known = new Map()));
      const filter = directoryFilter(type, search);
      const plan = planPageFetch(page, size, total!, known.keys());
      let docs: Snapshot[];
      if (plan.kind === "after") {
        const cursor = plan.anchorPage > 0 ? known.get(plan.anchorPage) : undefined;
        const q = cursor
          ? query(filter, orderBy("nameSort"), startAfter(cursor), limit(plan.take))
          : query(filter, orderBy("nameSort"), limit(plan.take));
        const all = (await getDocs(q)).docs;
        // Remember the ends of the pages passed on the way.
        for (let i = size - 1; i < all.length; i += size) {
          known.set(plan.anchorPage + (i + 1) / size, all[i]!);
        }
        docs = all.slice(plan.skip);
      } else {
        const q = query(filter, orderBy("nameSort", "desc"), limit(plan.take));
        const all = (await getDocs(q)).docs;
        docs = all.slice(all.length - plan.keep).reverse();
      }
      const last = docs[docs.length - 1];
      if (last && docs.length === size) known.set(page, last);
      return docs.map((d) => withId<UserDoc>(d));
    },
  });
}
