/** Firestore documents → the response shapes of `@platform/common` api types. */
import {
  type FeedbackDoc,
  type FeedbackDto,
  type NotificationDoc,
  type NotificationDto,
  type PositionDoc,
  type PositionDto,
  type ProjectDoc,
  type ProjectDto,
  type TeamMemberDto,
  type TeamMemberSummary,
  type UserContactDoc,
  type UserDetailsDoc,
  type UserDoc,
  type UserDto,
  type VoteDoc,
  type PendingVoteDto,
  notificationTitle,
} from "@platform/common";
import { storageObjectUrl } from "../config.js";
import { toIso } from "../infra/firestore.js";

export function userDto(
  id: string,
  u: UserDoc,
  extra: { contact?: UserContactDoc | null; details?: UserDetailsDoc | null } = {},
): UserDto {
  const dto: UserDto = {
    _id: id,
    name: u.name,
    userName: u.userName,
    type: u.type,
    position: u.position ?? null,
    gender: u.gender ?? null,
    address: u.address ?? "",
    birthDate: u.birthDate ?? "",
    about: u.about ?? "",
    skills: u.skills ?? [],
    languages: u.languages ?? [],
    edu_cert: u.edu_cert ?? [],
    social_medias: u.social_medias ?? [],
    totalRate: u.totalRate ?? null,
    skillVotes: u.skillVotes ?? {},
    photoUrl: u.photoPath ? storageObjectUrl(u.photoPath) : null,
    currentProjectId: u.currentProjectId ?? null,
    currentProjectTitle: u.currentProjectTitle ?? null,
  };
  if (extra.contact) dto.email = extra.contact.email;
  if (extra.details) {
    dto.isEmailVerified = extra.contact?.isEmailVerified ?? false;
    dto.telephone = extra.details.telephone ?? "";
    dto.role = extra.details.role ?? null;
  }
  return dto;
}

export function teamMemberDto(
  m: TeamMemberSummary,
  managerId: string | null,
  email?: string,
): TeamMemberDto {
  return {
    _id: m.uid,
    name: m.name,
    userName: m.userName,
    type: m.type,
    position: { name: m.positionName },
    role: m.uid === managerId ? "MANAGER" : "MEMBER",
    ...(email !== undefined ? { email } : {}),
  };
}

export function positionFields(
  id: string,
  p: PositionDoc,
): Omit<PositionDto, "projectId" | "hasApplied"> {
  return {
    _id: id,
    positionName: p.positionName,
    expectations: p.expectations ?? [],
    type: p.type,
    status: p.status,
    windowStartsAt: toIso(p.windowStartsAt),
    windowEndsAt: toIso(p.windowEndsAt),
    applicantCount: p.applicantCount ?? 0,
    filledBy: p.filledBy ?? null,
  };
}

export function projectDto(
  id: string,
  p: ProjectDoc,
  positions: { id: string; doc: PositionDoc }[],
  emails: Map<string, string> | null,
): ProjectDto {
  return {
    _id: id,
    title: p.title,
    definition: p.definition ?? "",
    type: p.type,
    status: p.status,
    isLive: p.isLive === true,
    memberCount: p.memberCount ?? 0,
    allPositionCount: p.allPositionCount ?? 0,
    openPositionCount: p.openPositionCount ?? 0,
    startedAt: toIso(p.startedAt),
    liveSince: toIso(p.liveSince),
    completed_percentage: p.completed_percentage ?? 0,
    managerId: p.managerId ?? null,
    imageUrl: p.imagePath ? storageObjectUrl(p.imagePath) : null,
    positions: positions.map((x) => positionFields(x.id, x.doc)),
    teamMembers: (p.team ?? []).map((m) => teamMemberDto(m, p.managerId, emails?.get(m.uid))),
    createdAt: toIso(p.createdAt),
    updatedAt: toIso(p.updatedAt),
  };
}

export function notificationDto(id: string, n: NotificationDoc): NotificationDto {
  return {
    _id: id,
    type: n.type,
    title: notificationTitle(n.type, n.content ?? {}),
    read: n.read === true,
    createdAt: toIso(n.createdAt),
    userId: n.userId,
    content: n.content ?? {},
  };
}

export function pendingVoteDto(id: string, v: VoteDoc): PendingVoteDto {
  return {
    _id: id,
    voteId: id,
    kind: v.kind,
    projectId: v.projectId,
    weekId: v.weekId,
    targetUser: { _id: v.targetUserId, ...v.targetUser },
    skills: v.skills ?? [],
    opensAt: toIso(v.opensAt),
    closesAt: toIso(v.closesAt),
  };
}

export function feedbackDto(id: string, f: FeedbackDoc): FeedbackDto {
  return {
    _id: id,
    evaluatorId: f.evaluatorId,
    evaluatorUser: f.evaluatorUser,
    feedback: f.feedback,
    projectId: f.projectId,
    weekId: f.weekId,
    updatedAt: toIso(f.updatedAt),
  };
}
