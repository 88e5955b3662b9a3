import { paths, type FaqDoc } from "@platform/common";
import { useQuery } from "@tanstack/react-query";
import { collection, getDocs, orderBy, query, where } from "firebase/firestore/lite";
import { db } from "../../lib/firebase";
import { withId } from "../../lib/firestore";

export const faqKeys = {
  byTag: (tag: "home" | "sss") => ["faqs", tag] as const,
};

/** FAQ entries with a tag ("home" for the home page, "sss" for the FAQ page), in their order. */
export function useFaqs(tag: "home" | "sss") {
  return useQuery({
    queryKey: faqKeys.byTag(tag),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const q = query(
        collection(db, paths.faqs),
        where("tags", "array-contains", tag),
        orderBy("order", "asc"),
      );
      return (await getDocs(q)).docs.map((d) => withId<FaqDoc>(d));
    },
  });
}
