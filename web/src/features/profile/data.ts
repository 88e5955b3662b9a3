import { paths, type MemberType, type UserContactDoc, type UserDoc } from "@platform/common";
import { contract } from "../../lib/api/endpoints";
import { useQuery } from "@tanstack/react-query";
import {
  FirestoreError,
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  where,
} from "firebase/firestore/lite";
import { api } from "../../lib/api/index";
import { db } from "../../lib/firebase";
import { withId, type WithId } from "../../lib/firestore";
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
      if (uid) {
        // The rules refuse an unfinished or missing profile: then the slug decides.
        const snap = await getDoc(doc(db, paths.user(uid))).catch((err: unknown) => {
          if (err instanceof FirestoreError && err.code === "permission-denied") return null;
          throw err;
        });
        const data = snap?.data() as UserDoc | undefined;
        if (snap && data && data.type === type && data.profileComplete) {
          return { ...data, id: snap.id };
        }
      }
      const q = query(
        collection(db, paths.users),
        where("profileComplete", "==", true),
        where("userName", "==", userName),
        where("type", "==", type),
        limit(1),
      );
      const first = (await getDocs(q)).docs[0];
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
      const snap = await getDoc(doc(db, paths.userContact(uid!)));
      return (snap.data() as UserContactDoc | undefined)?.email ?? null;
    },
  });
}
