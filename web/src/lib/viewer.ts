import { paths, type UserDoc, type UserStateDoc } from "@platform/common";
import { useQuery } from "@tanstack/react-query";
import { doc, getDoc } from "firebase/firestore/lite";
import { useSigninCheck } from "reactfire";
import { db } from "./firebase";
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
export function useViewer(): Viewer {
  const signin = useSigninCheck();
  const user = signin.data?.signedIn ? signin.data.user : null;
  const uid = user?.uid ?? null;
  const profile = useQuery({
    queryKey: viewerKeys.profile(uid),
    enabled: uid !== null,
    queryFn: async () => {
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
    loading: signin.status === "loading" || (uid !== null && profile.isPending),
    signedIn: uid !== null,
    uid,
    profile: profile.data ?? null,
  };
}
