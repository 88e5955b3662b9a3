/** Value sets of docs/product-rules.md#entities, stored as these strings so the console stays readable. */

export const MEMBER_TYPES = ["JUNIOR", "SENIOR"] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const GENDERS = ["MALE", "FEMALE", "OTHER"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  MALE: "Erkek",
  FEMALE: "Kadın",
  OTHER: "Diğer",
};

export const PROJECT_TYPES = ["MOBILE", "WEB", "OTHER"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Only "Ongoing" is displayed as running (docs/product-rules.md#project-status); "Completed" has a colour but no path to it. */
export const PROJECT_STATUSES = ["NotStarted", "Ongoing", "Completed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const POSITION_STATUSES = ["OPEN", "FILLED", "CLOSED"] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

export const APPLICATION_STATUSES = ["PENDING", "ACCEPTED", "REJECTED", "WITHDRAWN"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const LANGUAGE_LEVELS = ["Başlangıç", "Orta", "İleri"] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];

export const SOCIAL_NETWORKS = ["linkedin", "instagram", "github", "behance", "website"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Custom-claim roles (docs/product-rules.md#access-staff); absent = ordinary member. */
export const ROLES = ["hr", "ops", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The five anonymous rating categories (docs/product-rules.md#votes-submission). */
export const RATING_CATEGORIES = [
  "timeControl",
  "communication",
  "problemSolving",
  "improvement",
  "initiative",
] as const;
export type RatingCategory = (typeof RATING_CATEGORIES)[number];
export const RATING_CATEGORY_LABELS: Record<RatingCategory, string> = {
  timeControl: "Zaman Yönetimi",
  communication: "İletişim",
  problemSolving: "Problem Çözme",
  improvement: "Gelişim",
  initiative: "İnisiyatif",
};

export const NOTIFICATION_TYPES = [
  "PROJECT_USER_DISCARDED",
  "PROJECT_USER_VOTECOMPLETED",
  "PROJECT_USER_GOTFEEDBACK",
  "PROJECT_USER_VOTETIME",
  "PROJECT_REJECTED",
  "PROJECT_ACCEPTED",
  "PROJECT_UPDATED",
  "PROJECT_HIRING",
  "PROJECT_USER_LEFT",
  "PROJECT_TO_LIVE",
  /** A month's profit share is held until the member saves an IBAN (docs/product-rules.md#profit-share-iban). */
  "PROFIT_SHARE_HELD",
  /** A held profit share became payable after the member saved an IBAN. */
  "PROFIT_SHARE_RELEASED",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Who rates whom in the weekly survey (docs/product-rules.md#votes-who-rates-whom). */
export const VOTE_KINDS = ["PEER", "SKILL", "MENTOR"] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

export const VOTE_STATUSES = ["PENDING", "COMPLETED", "EXPIRED"] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];

export const REMOVAL_DECISIONS = ["REMOVE", "KEEP"] as const;
export type RemovalDecision = (typeof REMOVAL_DECISIONS)[number];
