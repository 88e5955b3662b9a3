/**
 * Roots of cached data that several screens read. Each query module builds its keys under one of
 * these, so a change made on one screen invalidates the root instead of the whole cache, and no
 * feature needs another feature's keys.
 */
export const queryRoots = {
  /** Member documents in any shape: the viewer, the account page, profiles, directories. */
  members: ["members"],
  /** Projects, their positions and the member's project list. */
  projects: ["projects"],
  /** The member's pending weekly votes (the account list and the rating popup). */
  pendingVotes: ["votes", "pending"],
  notifications: ["notifications"],
} as const;
