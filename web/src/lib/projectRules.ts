/**
 * Project display rules shared by the projects, profile, account and edit screens (docs/product-rules.md#screen-projects,
 * #project-status, #screen-project-card), pure and clock-injected.
 */
import {
  messages,
  samePositionName,
  type MemberType,
  type ProjectStatus,
  type ProjectType,
} from "@platform/common";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A project counts as new while its start is empty or at most this many days ago (docs/product-rules.md#screen-project-card). */
export const NEW_PROJECT_DAYS = 7;

/** docs/product-rules.md#project-status: only "Ongoing" is shown as running; everything else has not started. */
export function projectStatusText(status: ProjectStatus | string): string {
  return status === "Ongoing" ? "Devam Ediyor" : "Henüz Başlamadı";
}

/** Colour of the status dot; "Completed" has its own colour although no path yields it. */
export function projectStatusColor(status: ProjectStatus | string): string {
  if (status === "Ongoing") return "green";
  if (status === "Completed") return "blue";
  return "orange";
}

/** 'Yeni Proje' badge: start empty, or at most 7 days before `now`. */
export function isNewProject(startedAt: Date | null, now: Date): boolean {
  if (!startedAt) return true;
  return now.getTime() - startedAt.getTime() <= NEW_PROJECT_DAYS * DAY_MS;
}

/** 'Başlamadı', whole days since the start, or hours and minutes under a day (docs/product-rules.md#project-status). */
export function elapsedText(startedAt: Date | null, now: Date): string {
  if (!startedAt) return "Başlamadı";
  const ms = Math.max(0, now.getTime() - startedAt.getTime());
  if (ms >= DAY_MS) return `${Math.floor(ms / DAY_MS)} gün`;
  const totalMinutes = Math.floor(ms / 60_000);
  return `${Math.floor(totalMinutes / 60)} saat ${totalMinutes % 60} dk`;
}

export function projectTypeLabel(type: ProjectType | string): string {
  if (type === "MOBILE") return "Mobil";
  if (type === "WEB") return "Web";
  return "Diğer";
}

/** 'Jr' or 'Sr' before a position name (the edit page shows it the same way). */
export function positionTypeLabel(type: MemberType | string): string {
  return type === "SENIOR" || type === "Sr" ? "Sr" : "Jr";
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/i;

/**
 * Pulls the first link out of a project description: the link becomes the 'Proje Sunumu' link,
 * the rest stays as the about text (trailing punctuation is not part of the link).
 */
export function extractPresentationLink(description: string): {
  text: string;
  link: string | null;
} {
  const match = URL_PATTERN.exec(description);
  if (!match) return { text: description.trim(), link: null };
  const link = match[0].replace(/[.,;:!?)\]]+$/, "");
  const text = (description.slice(0, match.index) + description.slice(match.index + link.length))
    .split("\n")
    .map((line) => line.replace(/[ \t]{2,}/g, " ").trimEnd())
    .join("\n")
    .trim();
  return { text, link };
}

/** What the client knows of a member's project: a joined project or a pending application. */
export interface ProjectMembership {
  currentProjectId?: string | null;
  /** Set by a successful application, cleared once it is decided (docs/product-rules.md#apply-effect). */
  activeApplication?: { projectId: string; positionId: string } | null;
}

/** A pending application counts as being in a project, as on the server (docs/product-rules.md#one-project). */
export const countsAsInProject = (member: ProjectMembership | null | undefined) =>
  Boolean(member?.currentProjectId || member?.activeApplication);

/**
 * Why 'Projeye Katıl' may not send the application (docs/product-rules.md#apply-rules), null when it may: already in a
 * project (or applying), or the chosen position is not the member's (same name rule as the server).
 */
export function joinRefusal(
  member: (ProjectMembership & { position?: { name: string } | null }) | null | undefined,
  positionName: string,
): string | null {
  if (countsAsInProject(member)) return messages.projects.alreadyInProject;
  if (!samePositionName(member?.position?.name, positionName)) {
    return messages.projects.positionMismatch;
  }
  return null;
}
