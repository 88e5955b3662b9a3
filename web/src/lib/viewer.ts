import { paths, type UserDoc, type UserStateDoc } from "@platform/common";
import { useQuery } from "@tanstack/react-query";
import { useAuthUser } from "./auth";
import type { WithId } from "./firestore";
import { queryRoots } from "./queryRoots";

export interface Viewer {
  /** Auth state still loading. */
  loading: boolean;
  signedIn: boolean;
  uid: string | null;
  /** The signed-in member's public profile (users/{uid}), once loaded. */
  profile: ViewerProfile | null;
}

/** The own profile plus the pending application, which only the member may read. */
export type ViewerProfile = WithId<UserDoc> & Partial<UserStateDoc>;

export const viewerKeys = {
  profile: (uid: string | null) => [...queryRoots.members, "viewer", uid] as const,
};

/** Who is looking at the page: signed out, or a member with their public profile. */
export function useViewer(options: { certain?: boolean } = {}): Viewer {
  const signin = useAuthUser(options);
  const user = signin.user;
  const uid = user?.uid ?? null;
  const profile = useQuery({
    queryKey: viewerKeys.profile(uid),
    enabled: uid !== null,
    queryFn: async () => {
      // Members only: the Firestore SDK stays out of a visitor's first load.
      const [{ doc, getDoc }, { db }] = await Promise.all([
        import("firebase/firestore/lite"),
        import("./firebase"),
      ]);
      const [snap, state] = await Promise.all([
        getDoc(doc(db, paths.user(uid!))),
        getDoc(doc(db, paths.userState(uid!))),
      ]);
      if (!snap.exists()) return null;
      const activeApplication = state.exists()
        ? ((state.data() as UserStateDoc).activeApplication ?? null)
        : null;
      return { ...(snap.data() as UserDoc), id: snap.id, activeApplication };
    },
  });
  return {
    loading: signin.loading || (uid !== null && profile.isPending),
    signedIn: uid !== null,
    uid,
    profile: profile.data ?? null,
  };
}
