import { paths, type FaqDoc } from "@platform/common";
import { useQuery } from "@tanstack/react-query";
import { withId } from "../../lib/firestore";
import { fieldFilter, queryPublicDocuments } from "../../lib/publicReads";

export const faqKeys = {
  byTag: (tag: "home" | "sss") => ["faqs", tag] as const,
};

/**
 * FAQ entries with a tag ("home" for the home page, "sss" for the FAQ page), in their order. Read
 * over REST (lib/publicReads.ts): the home page needs no other Firestore read.
 */
export function useFaqs(tag: "home" | "sss") {
  return useQuery({
    queryKey: faqKeys.byTag(tag),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const docs = await queryPublicDocuments({
        from: [{ collectionId: paths.faqs }],
        where: fieldFilter("tags", "ARRAY_CONTAINS", tag),
        orderBy: [{ field: { fieldPath: "order" }, direction: "ASCENDING" }],
      });
      return docs.map((d) => withId<FaqDoc>(d));
    },
  });
}
