/**
 * One hook per live screen part. Each names the documents it listens to (`sources.ts`) and how
 * they reach the screen's query (`cache.ts`); the screens pass their own query keys and mappings,
 * so this module depends on no feature. Every hook listens for signed-in members only (`uid`
 * null: nothing) and stops on unmount and when the member signs out.
 */
import type { QueryKey } from "@tanstack/react-query";
import type { LiveDoc, LiveSnapshot } from "./connection";
import { useListenedData, useListenedInvalidation } from "./cache";
import { liveSources } from "./sources";

const docsOf = (s: LiveSnapshot): LiveDoc[] => (s.kind === "query" ? s.docs : s.doc ? [s.doc] : []);
const docOf = (s: LiveSnapshot): LiveDoc | null => (s.kind === "doc" ? s.doc : null);

/** The bell's badge: the number of unread notifications, written into `countKey`. */
export function useLiveUnreadCount(uid: string | null, countKey: QueryKey): void {
  useListenedData(uid ? liveSources.unreadNotifications(uid) : null, countKey, (s) => docsOf(s).length);
}

/**
 * A notification list fetched from `/api` (the bell's dropdown, /bildirimler): refetched when the
 * newest `limit` notifications change (one added, read, deleted).
 */
export function useLiveNotificationList(
  uid: string | null,
  enabled: boolean,
  limit: number,
  listKey: QueryKey,
): void {
  useListenedInvalidation(
    uid && enabled ? liveSources.latestNotifications(uid, limit) : null,
    [listKey],
  );
}

/** The pending votes (from `/api`): refetched when a vote opens, is answered or closes. */
export function useLivePendingVotes(uid: string | null, enabled: boolean, votesKey: QueryKey): void {
  useListenedInvalidation(uid && enabled ? liveSources.pendingVotes(uid) : null, [votesKey]);
}

/**
 * The member's projects (from `/api`): refetched when their current project changes (accepted
 * into one, left it), which their own profile records.
 */
export function useLiveOwnProjects(uid: string | null, projectsKey: QueryKey): void {
  useListenedInvalidation(uid ? liveSources.ownProfile(uid) : null, [projectsKey], (s) => {
    const data = docOf(s)?.data;
    return JSON.stringify([data?.currentProjectId ?? null, data?.currentProjectTitle ?? null]);
  });
}

/**
 * A live project's detail, read from Firestore: the project (team, seat counts, progress) and its
 * positions, each mapped by the screen's own function into its query.
 */
export function useLiveProject<P, Q>(
  projectId: string | null,
  enabled: boolean,
  project: { key: QueryKey; map: (doc: LiveDoc | null) => P; also?: (value: P) => void },
  positions: { key: QueryKey; map: (docs: LiveDoc[]) => Q },
): void {
  const id = enabled ? projectId : null;
  useListenedData(
    id ? liveSources.project(id) : null,
    project.key,
    (s) => project.map(docOf(s)),
    project.also,
  );
  useListenedData(id ? liveSources.positions(id) : null, positions.key, (s) => positions.map(docsOf(s)));
}
