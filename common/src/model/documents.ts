/**
 * Shapes of every Firestore document of the platform (docs/product-rules.md#entities). Field names follow the
 * product rules where they name them. Paths are in `collections.ts`; who reads and writes each
 * collection is in common/README.md and enforced by firestore.rules.
 */
import type {
  ApplicationStatus,
  Gender,
  LanguageLevel,
  MemberType,
  NotificationType,
  PositionStatus,
  ProjectStatus,
  ProjectType,
  RatingCategory,
  RemovalDecision,
  Role,
  VoteKind,
  VoteStatus,
} from "./enums.js";
import type { ShareStatement } from "../domain/cycle/profit-share.js";
import type { TimestampLike } from "./timestamp.js";
import { buildSearchKeys, nameSortKey, slugifyName } from "../text/turkish.js";

export interface Named {
  name: string;
}

export interface LanguageSkill {
  language: string;
  level: LanguageLevel;
}

export type RatingAverages = Record<RatingCategory, number>;

/** `users/{uid}`: the public profile, readable by everyone once complete (the member always). */
export interface UserDoc {
  name: string;
  /** Slug of the name for /junior/{userName} and /senior/{userName} (docs/product-rules.md#username-slug). */
  userName: string;
  type: MemberType;
  position: Named | null;
  gender: Gender | null;
  /** "country - city" (docs/product-rules.md#profile-address), e.g. "Türkiye - İstanbul". */
  address: string;
  /** ISO date "YYYY-MM-DD" (a calendar date, not an instant); "" when unknown. */
  birthDate: string;
  about: string;
  skills: Named[];
  languages: LanguageSkill[];
  edu_cert: string[];
  /** "linkedin:https://…", "github:https://…" (docs/product-rules.md#profile-fields). */
  social_medias: string[];
  /** Storage path of the profile photo, or null. */
  photoPath: string | null;
  /** Averages of the five weekly rating categories; null until first rated. */
  totalRate: RatingAverages | null;
  /** Number of ratings behind totalRate, so a new week's votes update the average exactly. */
  rateCount: number;
  /** Average skill rating per skill name (Seniors' skill survey). */
  skillVotes: Record<string, number>;
  skillVoteCounts: Record<string, number>;
  /** The one active project (docs/product-rules.md#one-project), or null. */
  currentProjectId: string | null;
  currentProjectTitle: string | null;
  /** Lower-cased Turkish-aware substrings of name and position: directory search (docs/product-rules.md#screen-directories). */
  searchKeys: string[];
  /** Turkish collation key of the name (`nameSortKey`): the directory's order. */
  nameSort: string;
  /** True once registration step 3 is done; only complete profiles are public. */
  profileComplete: boolean;
  createdAt: TimestampLike;
  updatedAt: TimestampLike;
}

/** The fields derived from a member's name: slug, directory search keys and Turkish sort key. */
export function nameFields(name: string, positionName?: string) {
  return {
    name,
    userName: slugifyName(name),
    searchKeys: buildSearchKeys(name, positionName),
    nameSort: nameSortKey(name),
  };
}

/**
 * The public profile of a newly registered member before the career step: every list empty,
 * nothing rated, in no project. Callers add the timestamps in their SDK's type.
 */
export function newUserProfile(name: string): Omit<UserDoc, "createdAt" | "updatedAt"> {
  return {
    ...nameFields(name),
    type: "JUNIOR",
    position: null,
    gender: null,
    address: "",
    birthDate: "",
    about: "",
    skills: [],
    languages: [],
    edu_cert: [],
    social_medias: [],
    photoPath: null,
    totalRate: null,
    rateCount: 0,
    skillVotes: {},
    skillVoteCounts: {},
    currentProjectId: null,
    currentProjectTitle: null,
    profileComplete: false,
  };
}

/** `users/{uid}/private/state`: server only; a missing document means no pending application. */
export interface UserStateDoc {
  /**
   * The member's application still waiting for its selection (docs/product-rules.md#one-project: after applying the member
   * counts as in a project). Set by `apply`; cleared when the application is decided.
   */
  activeApplication: { projectId: string; positionId: string } | null;
}

/** `users/{uid}/private/contact`: readable by the user, teammates (e-mail, docs/product-rules.md#access-email), HR, admin. */
export interface UserContactDoc {
  email: string;
  isEmailVerified: boolean;
}

/** `users/{uid}/private/details`: readable by the user, HR and admin only. */
export interface UserDetailsDoc {
  telephone: string;
  /** IBAN for the profit share; "" when not given. */
  iban: string;
  role: Role | null;
  consents: {
    contractOfUse: boolean;
    privacyPolicy: boolean;
    contentPolicy: boolean;
    acceptedAt: TimestampLike | null;
    /**
     * The version (LEGAL_TEXT_VERSIONS) of the text each consent accepted, as shown at step 3;
     * absent for consents recorded before versions were.
     */
    versions?: { contractOfUse: string; privacyPolicy: string; contentPolicy: string };
  };
}

/** The private details of a new member, before the consents of registration step 3. */
export function newUserDetails(): UserDetailsDoc {
  return {
    telephone: "",
    iban: "",
    role: null,
    consents: {
      contractOfUse: false,
      privacyPolicy: false,
      contentPolicy: false,
      acceptedAt: null,
    },
  };
}

/** `users/{uid}/feedbacks/{feedbackId}`: written feedback with its author (docs/product-rules.md#votes-anonymity). */
export interface FeedbackDoc {
  evaluatorId: string;
  evaluatorUser: { name: string; userName: string; position: Named | null };
  feedback: string;
  projectId: string;
  weekId: string;
  updatedAt: TimestampLike;
}

export interface TeamMemberSummary {
  uid: string;
  name: string;
  userName: string;
  type: MemberType;
  positionName: string;
}

/** `projects/{projectId}`. */
export interface ProjectDoc {
  title: string;
  definition: string;
  type: ProjectType;
  status: ProjectStatus;
  /** Visible to visitors once live (Friday 12:00 go-live, docs/product-rules.md#project-go-live). */
  isLive: boolean;
  /** When a queued project goes live; the go-live job takes them in this order. */
  goLiveAt: TimestampLike | null;
  /** When the project went live; Junior-PM-only applications until Saturday 12:00 after it. */
  liveSince: TimestampLike | null;
  startedAt: TimestampLike | null;
  completed_percentage: number;
  memberCount: number;
  allPositionCount: number;
  openPositionCount: number;
  /** The Junior Project Manager; the only member who edits the project (docs/product-rules.md#project-manager). */
  managerId: string | null;
  /** Storage path of the project image, or null. */
  imagePath: string | null;
  /** Active members, denormalised for the list screen's team strip. */
  team: TeamMemberSummary[];
  /** Uids of `team`, for rules and array-contains queries. */
  memberIds: string[];
  createdAt: TimestampLike;
  updatedAt: TimestampLike;
}

/** `projects/{projectId}/positions/{positionId}`: one seat in the team. */
export interface PositionDoc {
  projectId: string;
  /** The document's own id, so `/positions/{id}` finds it with a collection-group query. */
  positionId?: string;
  positionName: string;
  type: MemberType;
  expectations: string[];
  status: PositionStatus;
  /** The 24-hour application window (docs/product-rules.md#position-window); extended by 24 h while nobody applies. */
  windowStartsAt: TimestampLike | null;
  windowEndsAt: TimestampLike | null;
  applicantCount: number;
  filledBy: string | null;
  createdAt: TimestampLike;
  updatedAt: TimestampLike;
}

/** `projects/{projectId}/positions/{positionId}/applications/{uid}`. */
export interface ApplicationDoc {
  userId: string;
  projectId: string;
  positionId: string;
  status: ApplicationStatus;
  /** Average rating at application time: the selection rule's first criterion (docs/product-rules.md#selection). */
  ratingAtApply: number;
  appliedAt: TimestampLike;
  decidedAt: TimestampLike | null;
}

/**
 * `projects/{projectId}/members/{uid}`: membership history (working days for the profit share),
 * public for live projects; why a membership ended is in `MemberDepartureDoc`.
 */
export interface MemberDoc {
  uid: string;
  name: string;
  userName: string;
  type: MemberType;
  positionId: string;
  positionName: string;
  active: boolean;
  joinedAt: TimestampLike;
  leftAt: TimestampLike | null;
}

/**
 * `projects/{projectId}/members/{uid}/private/departure`: server only; why the membership ended
 * (the member left, or an operations review removed them). Deleted when they join again.
 */
export interface MemberDepartureDoc {
  reason: "LEFT" | "REMOVED";
  leftAt: TimestampLike;
}

/** What a notification is about; the screen builds its text and link from these. */
export interface NotificationContent {
  projectId?: string;
  projectTitle?: string;
  userName?: string;
  targetUser?: string;
  voteId?: string;
}

/** `notifications/{notificationId}`. */
export interface NotificationDoc {
  userId: string;
  type: NotificationType;
  read: boolean;
  createdAt: TimestampLike;
  content: NotificationContent;
  /** Makes job-created notifications idempotent (one per event and recipient). */
  dedupeKey: string;
}

/** `votes/{voteId}`: a pending vote, readable by its voter only. */
export interface VoteDoc {
  voterId: string;
  targetUserId: string;
  targetUser: { name: string; userName: string; type: MemberType };
  projectId: string;
  weekId: string;
  kind: VoteKind;
  /** Skills the voter rates (the target's skills) for the Seniors' skill survey. */
  skills: string[];
  status: VoteStatus;
  opensAt: TimestampLike;
  closesAt: TimestampLike;
  completedAt: TimestampLike | null;
}

/** `voteAnswers/{voteId}`: server only; aggregated when the week's vote closes. */
export interface VoteAnswerDoc {
  voterId: string;
  targetUserId: string;
  projectId: string;
  weekId: string;
  kind: VoteKind;
  scores: RatingAverages | null;
  feedback: string;
  discardWanted: boolean;
  discardReason: string;
  skillVotes: Record<string, number>;
  submittedAt: TimestampLike;
  aggregatedAt: TimestampLike | null;
}

/** `removalReviews/{projectId}_{uid}_{weekId}`: for an operations specialist (docs/product-rules.md#removal-threshold). */
export interface RemovalReviewDoc {
  projectId: string;
  projectTitle: string;
  targetUserId: string;
  targetName: string;
  weekId: string;
  requestCount: number;
  otherMemberCount: number;
  reasons: string[];
  /** Set by ops in the console; the sweep applies it. */
  decision: RemovalDecision | null;
  decidedBy: string | null;
  appliedAt: TimestampLike | null;
  createdAt: TimestampLike;
}

/** `payouts/{YYYY-MM}`: an admin enters netProfit; the 15th's job fills in the rest. */
export interface PayoutPeriodDoc {
  period: string;
  netProfit: number;
  platformRate: number | null;
  distributable: number | null;
  totalDays: number | null;
  eligibleCount: number | null;
  withoutIbanCount: number | null;
  /** Shares held for members without an IBAN when the month was computed, in lira. */
  heldAmount?: number | null;
  noBirthDateCount?: number | null;
  computedAt: TimestampLike | null;
}

/**
 * `payouts/{YYYY-MM}/statements/{uid}`: readable by that member and admin. The member's share as
 * computed (status: PAYABLE, HELD_NO_IBAN until the member saves an IBAN, or NO_BIRTH_DATE).
 */
export interface PayoutStatementDoc extends ShareStatement {
  period: string;
  computedAt: TimestampLike;
  /** When a held share became payable (the run after the member saved an IBAN). */
  releasedAt?: TimestampLike | null;
}

/** `config/platform`. */
export interface PlatformConfigDoc {
  /** Platform share of net profit (docs/product-rules.md#profit-rate: 10%, changeable). */
  profitRate: number;
  /** The rate members were last mailed about; a sweep mails everyone when it differs. */
  announcedProfitRate: number;
  contactEmail: string;
}

/** `config/public`: readable by anyone; written by the announce-profit-rate job. */
export interface PublicConfigDoc {
  /** The platform's share of net profit now in force (0.1 for 10%). */
  profitRate: number;
  /** The latest rate change, shown on the platform until `endsAt`. */
  announcement: {
    text: string;
    from: number;
    to: number;
    startsAt: TimestampLike;
    endsAt: TimestampLike;
  } | null;
  updatedAt: TimestampLike;
}

/** `roles/{uid}`: a staff member's role, kept with the custom claim by `npm run grant-role`. */
export interface RoleDoc {
  email: string;
  role: Role;
  grantedAt: TimestampLike;
}

/** `mail/{id}`: the Trigger Email extension's document format. */
export interface MailDoc {
  to: string | string[];
  message: { subject: string; text: string; html?: string };
  createdAt: TimestampLike;
}

/** `images/{imageId}`: an uploaded profile photo or project image (docs/product-rules.md#photo-rules). */
export interface ImageDoc {
  relatedId: string;
  relatedType: "User" | "Project";
  imageType: "Profile" | "Logo";
  /** Storage object path. */
  path: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  createdAt: TimestampLike;
}

/** `faqs/{id}`. */
export interface FaqDoc {
  question: string;
  answer: string;
  /** "home" (home page) and/or "sss" (FAQ page). */
  tags: string[];
  order: number;
}

/** `lookups/{skills|positionNames|turkishLanguages}`. */
export interface NameListDoc {
  names: string[];
}

/** `lookups/countries`. */
export interface CountriesDoc {
  items: { isoCode: string; name: string }[];
}

/** `lookups/countries/cities/{isoCode}`. */
export interface CitiesDoc {
  names: string[];
}

/** `registrations/{emailKey}`: server only; the e-mail code of sign-up step 2. */
export interface RegistrationDoc {
  uid: string;
  email: string;
  codeHash: string;
  codeExpiresAt: TimestampLike;
  attempts: number;
  lastSentAt: TimestampLike;
  verified: boolean;
  /** SHA-256 of the registration token handed out by step 2; step 3 needs the token. */
  tokenHash?: string | null;
  /** When a proven registration closes (REGISTRATION_TTL_MS after step 2). */
  expiresAt?: TimestampLike | null;
}
