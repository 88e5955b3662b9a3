/**
 * Shapes of the `/api` responses (docs/product-rules.md#api-answers), shared by the functions that produce them and the web
 * app that reads them. Every answer is `{ success, data?, message? }`; dates are ISO strings.
 */
import type {
  MemberType,
  NotificationType,
  PositionStatus,
  ProjectStatus,
  ProjectType,
  Role,
  VoteKind,
} from "../model/enums.js";
import type { Named, NotificationContent, UserDoc } from "../model/documents.js";

export interface ApiResponse<T = unknown> {
  success: boolean;
  data?: T;
  message?: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

/** `GET /users/{id}` and the directory cards. Contact fields only for those allowed to see them. */
export type UserDto = Pick<
  UserDoc,
  | "name"
  | "userName"
  | "type"
  | "position"
  | "gender"
  | "address"
  | "birthDate"
  | "about"
  | "skills"
  | "languages"
  | "edu_cert"
  | "social_medias"
  | "totalRate"
  | "skillVotes"
  | "currentProjectId"
  | "currentProjectTitle"
> & {
  _id: string;
  photoUrl: string | null;
  /** Self, teammates of the same project, HR and admin. */
  email?: string;
  /** Self, HR and admin. */
  isEmailVerified?: boolean;
  telephone?: string;
  role?: Role | null;
};

export interface TeamMemberDto {
  _id: string;
  name: string;
  userName: string;
  type: MemberType;
  position: Named;
  /** "MANAGER" for the project's Junior Project Manager, otherwise "MEMBER". */
  role: "MANAGER" | "MEMBER";
  /** Only for a viewer in the same project, HR and admin (docs/product-rules.md#access-email). */
  email?: string;
}

export interface PositionDto {
  _id: string;
  positionName: string;
  expectations: string[];
  type: MemberType;
  status: PositionStatus;
  windowStartsAt: string | null;
  windowEndsAt: string | null;
  applicantCount: number;
  filledBy: string | null;
  /** Whether the signed-in caller has applied to it. */
  hasApplied?: boolean;
  /** The project with its team, as the positions screen reads it (docs/product-rules.md#api-calls). */
  projectId: { _id: string; title: string; status: ProjectStatus; teamMembers: TeamMemberDto[] };
}

export interface ProjectDto {
  _id: string;
  title: string;
  definition: string;
  type: ProjectType;
  status: ProjectStatus;
  isLive: boolean;
  memberCount: number;
  allPositionCount: number;
  openPositionCount: number;
  startedAt: string | null;
  liveSince: string | null;
  completed_percentage: number;
  managerId: string | null;
  imageUrl: string | null;
  positions: Omit<PositionDto, "projectId" | "hasApplied">[];
  teamMembers: TeamMemberDto[];
  createdAt: string | null;
  updatedAt: string | null;
}

/** `GET /projects/userProjects/{userId}`: a project the member took part in. */
export interface UserProjectDto {
  _id: string;
  id: string;
  title: string;
  definition: string;
  type: ProjectType;
  status: ProjectStatus;
  positionName: string;
  active: boolean;
  joinedAt: string | null;
  leftAt: string | null;
  /** Whole days in the project (until today, or until leaving). */
  duration: number;
}

export interface ImageDto {
  _id: string;
  relatedId: string;
  relatedType: "User" | "Project";
  imageType: "Profile" | "Logo";
  contentType: string;
  size: number;
  /** The image bytes, base64 (docs/product-rules.md#photo-rules). */
  content: string;
  /** The same as a data: URL, ready for an <img src>. */
  dataUrl: string;
  /** Storage path of the object. */
  path: string;
  createdAt: string | null;
}

export interface NotificationDto {
  _id: string;
  type: NotificationType;
  title: string;
  read: boolean;
  createdAt: string | null;
  userId: string;
  content: NotificationContent;
}

export interface PendingVoteDto {
  _id: string;
  voteId: string;
  kind: VoteKind;
  projectId: string;
  weekId: string;
  targetUser: { _id: string; name: string; userName: string; type: MemberType };
  skills: string[];
  opensAt: string | null;
  closesAt: string | null;
}

export interface FeedbackDto {
  _id: string;
  evaluatorId: string;
  evaluatorUser: { name: string; userName: string; position: Named | null };
  feedback: string;
  projectId: string;
  weekId: string;
  updatedAt: string | null;
}

export interface LoginData {
  accessToken: string;
  userId: string;
  email: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** GET /users/me/payment, PUT /users/me/iban: the member's IBAN, never in full. */
export interface PaymentInfoDto {
  hasIban: boolean;
  /** "TR** **** **** **** **** **13 26", or "" without an IBAN. */
  ibanMasked: string;
}

/** GET /users/me/statements: one month of the member's profit share, newest first. */
export interface StatementDto {
  /** "YYYY-MM". */
  period: string;
  days: number;
  /** Fraction of the month's distributable amount. */
  share: number;
  /** Kuruş, an integer. */
  amountKurus: number;
  status: "PAYABLE" | "HELD_NO_IBAN" | "NO_BIRTH_DATE";
  computedAt: string | null;
  releasedAt: string | null;
}

/** POST /auth/register-step-1: where the code went and when another may be asked for. */
export interface CodeSentDto {
  email: string;
  codeExpiresInSeconds: number;
  resendAfterSeconds: number;
}

/** POST /auth/register-step-2: the proven address and the token that finishes this sign-up. */
export interface CodeVerifiedDto {
  email: string;
  verified: boolean;
  registrationToken: string;
}

/** POST /auth/register-step-3: the new member, and a token to sign in with right away. */
export interface RegistrationDto {
  customToken: string;
  userId: string;
  name: string;
  userName: string;
  type: MemberType;
  position: Named;
}

export interface CsrfTokenDto {
  csrfToken: string;
}

export interface EmailConfirmationDto {
  isEmailVerified: boolean;
}

export interface HealthDto {
  status: "ok";
  service: "api";
  time: string;
}

export interface LeftProjectDto {
  projectId: string;
  positionId: string;
}

export interface DeletedPositionDto {
  _id: string;
  projectId: string;
}

export interface ApplicationDto {
  applicationId: string;
  projectId: string;
  positionId: string;
  status: "PENDING";
}

export interface NotificationListDto {
  notifications: NotificationDto[];
  unreadCount: number;
  total: number;
}

export interface CompletedVoteDto {
  voteId: string;
  status: "COMPLETED";
}

export interface DiscardRequestDto {
  requestId: string;
  weekId: string;
}
