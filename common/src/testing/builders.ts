/**
 * One typed builder per document kind, for the demo data, the end-to-end seeds, the job suites and
 * the benchmarks. Each builder returns the document's path (deterministic: from the ids passed in
 * or derived from them as the platform derives them) and the complete document with every field
 * of its interface, so a seed never drifts from the model. Defaults describe an ordinary, complete
 * member or project; a caller changes fields through typed partial overrides. Times come from the
 * clock given to `builders(now)`, never from the machine's.
 */
import type {
  ApplicationDoc,
  FaqDoc,
  FeedbackDoc,
  ImageDoc,
  MemberDepartureDoc,
  MemberDoc,
  Named,
  NotificationDoc,
  PayoutPeriodDoc,
  PayoutStatementDoc,
  PlatformConfigDoc,
  PositionDoc,
  ProjectDoc,
  RemovalReviewDoc,
  RoleDoc,
  TeamMemberSummary,
  UserContactDoc,
  UserDetailsDoc,
  UserDoc,
  UserStateDoc,
  VoteAnswerDoc,
  VoteDoc,
} from "../model/documents.js";
import { nameFields, newUserProfile } from "../model/documents.js";
import { paths } from "../model/collections.js";
import type { MemberType, NotificationType, Role, VoteKind } from "../model/enums.js";
import { slugifyName } from "../text/turkish.js";
import { voteWeekById, voteWeekOf } from "../domain/cycle/week.js";
import type { Built, Over } from "./written.js";

/** The name a builder gives a member known only by uid: "Üye u1" (slug "uye-u1"). */
export const memberName = (uid: string) => `Üye ${uid}`;

/** The position every builder assumes unless told otherwise. */
export const DEFAULT_POSITION = "Frontend Developer";

/** Who a team strip, a membership or a vote names: enough to derive the rest. */
export interface Person {
  uid: string;
  name?: string;
  /** Derived from the name (the platform's slug) unless given. */
  userName?: string;
  type: MemberType;
  positionName?: string;
}

/** The team strip entry of `person` on a project (not a document of its own). */
export function teamMember(person: Person): TeamMemberSummary {
  const name = person.name ?? memberName(person.uid);
  return {
    uid: person.uid,
    name,
    userName: person.userName ?? slugifyName(name),
    type: person.type,
    positionName: person.positionName ?? DEFAULT_POSITION,
  };
}

/** Every builder, with `now` as the time of whatever the caller does not date. */
export function builders(now: Date) {
  /** `users/{uid}`: a complete public profile; name-derived fields follow the name given. */
  function profile(uid: string, type: MemberType, over: Over<UserDoc> = {}): Built<UserDoc> {
    const name = over.name ?? memberName(uid);
    const position = over.position !== undefined ? over.position : { name: DEFAULT_POSITION };
    return {
      path: paths.user(uid),
      data: {
        // A newly registered profile, completed: the career step's fields and a birth date.
        ...newUserProfile(name),
        ...nameFields(name, position?.name),
        type,
        position,
        birthDate: "1998-04-12",
        skills: [{ name: "React" }],
        profileComplete: true,
        createdAt: now,
        updatedAt: now,
        ...over,
      },
    };
  }

  return {
    profile,
    junior: (uid: string, over: Omit<Over<UserDoc>, "type"> = {}) => profile(uid, "JUNIOR", over),
    senior: (uid: string, over: Omit<Over<UserDoc>, "type"> = {}) => profile(uid, "SENIOR", over),

    /** `users/{uid}/private/contact`: a verified address at example.com. */
    contact: (uid: string, over: Over<UserContactDoc> = {}): Built<UserContactDoc> => ({
      path: paths.userContact(uid),
      data: { email: `${uid}@example.com`, isEmailVerified: true, ...over },
    }),

    /** `users/{uid}/private/details`: no phone, no IBAN, no role, the consents of step 3 given now. */
    details: (uid: string, over: Over<UserDetailsDoc> = {}): Built<UserDetailsDoc> => ({
      path: paths.userDetails(uid),
      data: {
        telephone: "",
        iban: "",
        role: null,
        consents: {
          contractOfUse: true,
          privacyPolicy: true,
          contentPolicy: true,
          acceptedAt: now,
        },
        ...over,
      },
    }),

    /** `users/{uid}/private/state`: the application waiting for its selection, or none. */
    state: (
      uid: string,
      activeApplication: UserStateDoc["activeApplication"],
    ): Built<UserStateDoc> => ({ path: paths.userState(uid), data: { activeApplication } }),

    /** `users/{uid}/feedbacks/{id}`: written feedback with its author. */
    feedback: (
      aboutUid: string,
      id: string,
      evaluator: { uid: string; name: string; position: Named | null },
      over: Over<FeedbackDoc> = {},
    ): Built<FeedbackDoc> => ({
      path: `${paths.feedbacks(aboutUid)}/${id}`,
      data: {
        evaluatorId: evaluator.uid,
        evaluatorUser: {
          name: evaluator.name,
          userName: slugifyName(evaluator.name),
          position: evaluator.position,
        },
        feedback: "",
        projectId: "",
        weekId: voteWeekOf(now).weekId,
        updatedAt: now,
        ...over,
      },
    }),

    /**
     * `projects/{id}`: live and Ongoing, created now; `memberIds` and `memberCount` follow `team`
     * and `allPositionCount` is members plus open positions, unless given.
     */
    project: (id: string, over: Over<ProjectDoc> = {}): Built<ProjectDoc> => {
      const team = over.team ?? [];
      const memberCount = over.memberCount ?? team.length;
      const openPositionCount = over.openPositionCount ?? 0;
      return {
        path: paths.project(id),
        data: {
          title: `Proje ${id}`,
          definition: "",
          type: "WEB",
          status: "Ongoing",
          isLive: true,
          goLiveAt: null,
          liveSince: null,
          startedAt: null,
          completed_percentage: 0,
          memberCount,
          allPositionCount: memberCount + openPositionCount,
          openPositionCount,
          managerId: null,
          imagePath: null,
          team,
          memberIds: team.map((m) => m.uid),
          createdAt: now,
          updatedAt: now,
          ...over,
        },
      };
    },

    /** `projects/{projectId}/positions/{positionId}`: an open Junior seat without a window yet. */
    position: (
      projectId: string,
      positionId: string,
      over: Over<PositionDoc> = {},
    ): Built<PositionDoc> => ({
      path: paths.position(projectId, positionId),
      data: {
        projectId,
        positionId,
        positionName: DEFAULT_POSITION,
        type: "JUNIOR",
        expectations: [],
        status: "OPEN",
        windowStartsAt: null,
        windowEndsAt: null,
        applicantCount: 0,
        filledBy: null,
        createdAt: now,
        updatedAt: now,
        ...over,
      },
    }),

    /**
     * `projects/{projectId}/members/{uid}`: joined now on seat `seat-{uid}`; `active` follows
     * `leftAt` unless given.
     */
    member: (projectId: string, person: Person, over: Over<MemberDoc> = {}): Built<MemberDoc> => {
      const summary = teamMember(person);
      const leftAt = over.leftAt ?? null;
      return {
        path: `${paths.members(projectId)}/${person.uid}`,
        data: {
          uid: summary.uid,
          name: summary.name,
          userName: summary.userName,
          type: summary.type,
          positionId: `seat-${person.uid}`,
          positionName: summary.positionName,
          active: leftAt === null,
          joinedAt: now,
          leftAt,
          ...over,
        },
      };
    },

    /** `projects/{projectId}/members/{uid}/private/departure`: left of their own accord, now. */
    departure: (
      projectId: string,
      uid: string,
      over: Over<MemberDepartureDoc> = {},
    ): Built<MemberDepartureDoc> => ({
      path: paths.memberDeparture(projectId, uid),
      data: { reason: "LEFT", leftAt: now, ...over },
    }),

    /** `…/positions/{positionId}/applications/{uid}`: pending, sent now, unrated applicant. */
    application: (
      projectId: string,
      positionId: string,
      uid: string,
      over: Over<ApplicationDoc> = {},
    ): Built<ApplicationDoc> => ({
      path: `${paths.applications(projectId, positionId)}/${uid}`,
      data: {
        userId: uid,
        projectId,
        positionId,
        status: "PENDING",
        ratingAtApply: 0,
        appliedAt: now,
        decidedAt: null,
        ...over,
      },
    }),

    /** `notifications/{id}`: unread, created now, its id as the dedupe key. */
    notification: (
      id: string,
      userId: string,
      type: NotificationType,
      over: Over<NotificationDoc> = {},
    ): Built<NotificationDoc> => ({
      path: `${paths.notifications}/${id}`,
      data: { userId, type, read: false, createdAt: now, content: {}, dedupeKey: id, ...over },
    }),

    /**
     * `votes/{weekId}_{voter}_{target}` (the id the opening job gives): a pending PEER vote in the
     * week of `now` (or of `over.weekId`), over the target's skills given in `over.skills`.
     */
    vote: (
      input: { voterId: string; target: Person; projectId: string; id?: string },
      over: Over<VoteDoc> = {},
    ): Built<VoteDoc> => {
      const week = over.weekId ? voteWeekById(over.weekId) : voteWeekOf(now);
      const target = teamMember(input.target);
      return {
        path: `${paths.votes}/${input.id ?? `${week.weekId}_${input.voterId}_${target.uid}`}`,
        data: {
          voterId: input.voterId,
          targetUserId: target.uid,
          targetUser: { name: target.name, userName: target.userName, type: target.type },
          projectId: input.projectId,
          weekId: week.weekId,
          kind: "PEER",
          skills: [],
          status: "PENDING",
          opensAt: week.opensAt,
          closesAt: week.closesAt,
          completedAt: null,
          ...over,
        },
      };
    },

    /** `voteAnswers/{weekId}_{voter}_{target}`: submitted now, not yet counted, no scores. */
    voteAnswer: (
      input: {
        voterId: string;
        targetUserId: string;
        projectId: string;
        weekId: string;
        kind: VoteKind;
      },
      over: Over<VoteAnswerDoc> = {},
    ): Built<VoteAnswerDoc> => ({
      path: `${paths.voteAnswers}/${input.weekId}_${input.voterId}_${input.targetUserId}`,
      data: {
        voterId: input.voterId,
        targetUserId: input.targetUserId,
        projectId: input.projectId,
        weekId: input.weekId,
        kind: input.kind,
        scores: null,
        feedback: "",
        discardWanted: false,
        discardReason: "",
        skillVotes: {},
        submittedAt: now,
        aggregatedAt: null,
        ...over,
      },
    }),

    /** `removalReviews/{projectId}_{uid}_{weekId}`: opened now, not decided. */
    removalReview: (
      input: { projectId: string; targetUserId: string; weekId: string },
      over: Over<RemovalReviewDoc> = {},
    ): Built<RemovalReviewDoc> => ({
      path: `${paths.removalReviews}/${input.projectId}_${input.targetUserId}_${input.weekId}`,
      data: {
        projectId: input.projectId,
        projectTitle: `Proje ${input.projectId}`,
        targetUserId: input.targetUserId,
        targetName: memberName(input.targetUserId),
        weekId: input.weekId,
        requestCount: 0,
        otherMemberCount: 0,
        reasons: [],
        decision: null,
        decidedBy: null,
        appliedAt: null,
        createdAt: now,
        ...over,
      },
    }),

    /**
     * `payouts/{period}` as an admin enters it in the console: the net profit and nothing else;
     * the profit-share job fills in the rest.
     */
    payoutPeriod: (period: string, netProfit: number): Built<PayoutPeriodInput> => ({
      path: `${paths.payouts}/${period}`,
      data: { period, netProfit, computedAt: null },
    }),

    /** `payouts/{period}/statements/{uid}`: nothing earned, computed now. */
    payoutStatement: (
      period: string,
      uid: string,
      over: Over<PayoutStatementDoc> = {},
    ): Built<PayoutStatementDoc> => ({
      path: `${paths.statements(period)}/${uid}`,
      data: {
        userId: uid,
        period,
        days: 0,
        share: 0,
        amount: 0,
        amountKurus: 0,
        ibanStatus: "PRESENT",
        status: "PAYABLE",
        computedAt: now,
        releasedAt: null,
        ...over,
      },
    }),

    /** `config/platform`: the 10% platform rate, announced. */
    platformConfig: (over: Over<PlatformConfigDoc> = {}): Built<PlatformConfigDoc> => ({
      path: paths.platformConfig,
      data: {
        profitRate: 0.1,
        announcedProfitRate: 0.1,
        contactEmail: "iletisim@example.com",
        ...over,
      },
    }),

    /** `roles/{uid}`: a staff role as `npm run grant-role` records it, granted now. */
    role: (uid: string, role: Role, email: string): Built<RoleDoc> => ({
      path: `${paths.roles}/${uid}`,
      data: { email, role, grantedAt: now },
    }),

    /** `images/{id}`: a PNG recorded as an upload through /api would record it, now. */
    image: (
      id: string,
      input: {
        relatedId: string;
        relatedType: ImageDoc["relatedType"];
        path: string;
        size: number;
      },
      over: Over<ImageDoc> = {},
    ): Built<ImageDoc> => ({
      path: `${paths.images}/${id}`,
      data: {
        relatedId: input.relatedId,
        relatedType: input.relatedType,
        imageType: input.relatedType === "User" ? "Profile" : "Logo",
        path: input.path,
        contentType: "image/png",
        size: input.size,
        uploadedBy: input.relatedId,
        createdAt: now,
        ...over,
      },
    }),
  };
}

/**
 * What an admin writes to open a month in the console (docs/operations.md): `PayoutPeriodDoc`
 * before the profit-share job has computed it.
 */
export type PayoutPeriodInput = Pick<PayoutPeriodDoc, "period" | "netProfit" | "computedAt">;

/** `faqs/{id}`: shown on the FAQ page only unless tagged "home" too. */
export function faq(id: string, input: Omit<FaqDoc, "tags"> & Partial<FaqDoc>): Built<FaqDoc> {
  const { question, answer, order, tags = ["sss"] } = input;
  return { path: `${paths.faqs}/${id}`, data: { question, answer, tags, order } };
}

export type Builders = ReturnType<typeof builders>;

/** Whatever a builder returns: a seed's list of documents to write. */
export type BuiltDocument = ReturnType<Builders[keyof Builders]> | ReturnType<typeof faq>;
