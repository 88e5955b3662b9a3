/**
 * What the member screens listen to, as plain descriptions: the screens never touch the full
 * Firestore SDK themselves (it is loaded on demand, `connection.ts`), and each description can be
 * checked against firestore.rules, since rules are not filters: every query below carries the
 * filter its list rule names (tests/rules/live-sources.test.ts runs each one as its member).
 */
import { paths } from "@platform/common";

/** `field == value` (the only filter the listened queries need). */
export type Equals = readonly [field: string, value: string | boolean];

export type LiveSource =
  | { kind: "doc"; path: string }
  | {
      kind: "query";
      collection: string;
      equals: readonly Equals[];
      orderBy?: { field: string; direction: "asc" | "desc" };
      limit?: number;
    };

export const liveSources = {
  /** The bell's badge: the member's unread notifications (rule: userId == uid). */
  unreadNotifications: (uid: string): LiveSource => ({
    kind: "query",
    collection: paths.notifications,
    equals: [
      ["userId", uid],
      ["read", false],
    ],
  }),
  /** The newest notifications, the window the list shows (`GET /api/notifications`). */
  latestNotifications: (uid: string, limit: number): LiveSource => ({
    kind: "query",
    collection: paths.notifications,
    equals: [["userId", uid]],
    orderBy: { field: "createdAt", direction: "desc" },
    limit,
  }),
  /** The member's pending weekly votes (rule: voterId == uid). */
  pendingVotes: (uid: string): LiveSource => ({
    kind: "query",
    collection: paths.votes,
    equals: [
      ["voterId", uid],
      ["status", "PENDING"],
    ],
  }),
  /** The member's own profile: its current project changes when they join or leave one. */
  ownProfile: (uid: string): LiveSource => ({ kind: "doc", path: paths.user(uid) }),
  /** A live project: team, seat counts, progress (rule: the project is live). */
  project: (projectId: string): LiveSource => ({ kind: "doc", path: paths.project(projectId) }),
  /** A live project's positions (rule: the project is live). */
  positions: (projectId: string): LiveSource => ({
    kind: "query",
    collection: paths.positions(projectId),
    equals: [],
  }),
};

/** A stable identity for a source (effect dependencies, tests). */
export const sourceKey = (source: LiveSource): string => JSON.stringify(source);
