/** Collection and document paths, the one place that spells them. */
export const paths = {
  users: "users",
  user: (uid: string) => `users/${uid}`,
  userContact: (uid: string) => `users/${uid}/private/contact`,
  userDetails: (uid: string) => `users/${uid}/private/details`,
  userState: (uid: string) => `users/${uid}/private/state`,
  feedbacks: (uid: string) => `users/${uid}/feedbacks`,
  projects: "projects",
  project: (projectId: string) => `projects/${projectId}`,
  positions: (projectId: string) => `projects/${projectId}/positions`,
  position: (projectId: string, positionId: string) =>
    `projects/${projectId}/positions/${positionId}`,
  applications: (projectId: string, positionId: string) =>
    `projects/${projectId}/positions/${positionId}/applications`,
  members: (projectId: string) => `projects/${projectId}/members`,
  memberDeparture: (projectId: string, uid: string) =>
    `projects/${projectId}/members/${uid}/private/departure`,
  notifications: "notifications",
  votes: "votes",
  voteAnswers: "voteAnswers",
  removalReviews: "removalReviews",
  payouts: "payouts",
  statements: (period: string) => `payouts/${period}/statements`,
  platformConfig: "config/platform",
  /** What anyone may read: the current profit rate and the running announcement. */
  publicConfig: "config/public",
  /** Who holds a role (mirror of the `role` custom claim, written by `npm run grant-role`). */
  roles: "roles",
  mail: "mail",
  faqs: "faqs",
  lookup: (kind: "skills" | "positionNames" | "turkishLanguages" | "countries") =>
    `lookups/${kind}`,
  cities: (isoCode: string) => `lookups/countries/cities/${isoCode}`,
  registrations: "registrations",
  images: "images",
  jobRuns: "jobRuns",
  /** Limit counters, one per limit and hashed key (`expiresAt` is a TTL field). */
  rateLimits: "rateLimits",
  /** Answers of state-changing calls by Idempotency-Key (`expiresAt` is a TTL field). */
  idempotencyKeys: "idempotencyKeys",
  /** Account deletions under way, by uid (server only; removed when complete). */
  accountDeletions: "accountDeletions",
} as const;

/** Collection-group ids used by queries across projects. */
export const collectionGroups = {
  positions: "positions",
  applications: "applications",
  members: "members",
  statements: "statements",
  feedbacks: "feedbacks",
} as const;
