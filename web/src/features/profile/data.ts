import { paths, type MemberType, type UserContactDoc, type UserDoc } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api/index";
import { withId, type WithId } from "../../lib/firestore";
import {
  allOf,
  fieldFilter,
  getPublicDocument,
  PublicReadError,
  queryPublicDocuments,
} from "../../lib/publicReads";
import { queryRoots } from "../../lib/queryRoots";

export type ProfileUser = WithId<UserDoc>;

export const profileKeys = {
  user: (type: MemberType, userName: string, uid: string | null) =>
    [...queryRoots.members, "profile", type, userName, uid] as const,
  contact: (uid: string | undefined) => [...queryRoots.members, "contact", uid] as const,
};

/**
 * The profile behind `screens.juniorProfile` or `screens.seniorProfile`: by the id in the navigation state
 * when there is one, otherwise by the slug and type (so a direct link works too).
 */
export function useProfileUser(type: MemberType, userName: string, uid: string | undefined) {
  return useQuery({
    queryKey: profileKeys.user(type, userName, uid ?? null),
    queryFn: async (): Promise<ProfileUser | null> => {
      // Public data, read over REST (lib/publicReads.ts): a visitor's profile page loads no SDK.
      if (uid) {
        // The rules refuse an unfinished or missing profile: then the slug decides.
        const data = (await getPublicDocument(paths.user(uid)).catch((err: unknown) => {
          if (err instanceof PublicReadError && err.status === 403) return undefined;
          throw err;
        })) as UserDoc | undefined;
        if (data && data.type === type && data.profileComplete) return { ...data, id: uid };
      }
      const [first] = await queryPublicDocuments({
        from: [{ collectionId: paths.users }],
        where: allOf([
          fieldFilter("profileComplete", "EQUAL", true),
          fieldFilter("userName", "EQUAL", userName),
          fieldFilter("type", "EQUAL", type),
        ]),
        limit: 1,
      });
      return first ? withId<UserDoc>(first) : null;
    },
  });
}

/** Ends the mentorship with a Senior ('Mentorluğu Sonlandır', docs/product-rules.md#mentor-end). */
export const discardWantedSenior = (userId: string) =>
  api.call(contract.votes.discardWantedSenior, { params: { userId } });

/** E-mail of a teammate; only asked for when the rules allow it (same project). */
export function useContactEmail(uid: string | undefined, allowed: boolean) {
  return useQuery({
    queryKey: profileKeys.contact(uid),
    enabled: Boolean(uid) && allowed,
    retry: false,
    queryFn: async () => {
      // A member's read under the rules: the SDK with the session, loaded when it is asked for.
      const [{ doc, getDoc }, { db }] = await Promise.all([
        import("firebase/firestore/lite"),
        import("../../lib/firebase"),
      ]);
      const snap = await getDoc(doc(db, paths.userContact(uid!)));
      return (snap.data() as UserContactDoc | undefined)?.email ?? null;
    },
  });
}
