/**
 * Pure rules of the notifications page (docs/product-rules.md#notification-types): the elapsed text and where a click leads.
 */
import { notificationTitle, type NotificationType } from "@platform/common";
import { accountPath, screens } from "../../app/screens";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'N dk önce' under an hour, 'N saat M dk önce' under a day, else 'N gün önce'. */
export function elapsedText(createdAt: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - createdAt.getTime());
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} dk önce`;
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return `${hours} saat ${minutes} dk önce`;
  }
  return `${Math.floor(ms / DAY)} gün önce`;
}

export interface NotificationLike {
  type: NotificationType;
  content: { projectId?: string; targetUser?: string; userName?: string; voteId?: string };
}

/** Where a click on a notification leads. */
export type NotificationAction =
  | { kind: "navigate"; to: string; state?: { highlightProjectId: string } }
  | { kind: "vote"; voteId: string };

/**
 * The click actions of docs/product-rules.md#notification-types. The account page route takes the name slug, so the member's
 * slug is used where docs/product-rules.md#notification-types writes {userId}.
 */
export function notificationAction(n: NotificationLike, ownSlug: string): NotificationAction {
  const toProjects = (highlight: boolean): NotificationAction =>
    highlight && n.content.projectId
      ? {
          kind: "navigate",
          to: screens.projects,
          state: { highlightProjectId: n.content.projectId },
        }
      : { kind: "navigate", to: screens.projects };
  switch (n.type) {
    case "PROJECT_USER_VOTECOMPLETED":
    case "PROJECT_USER_GOTFEEDBACK":
      return { kind: "navigate", to: accountPath(ownSlug, "anketOylamasi") };
    case "PROJECT_USER_VOTETIME":
      return n.content.voteId
        ? { kind: "vote", voteId: n.content.voteId }
        : { kind: "navigate", to: screens.notifications };
    case "PROJECT_REJECTED":
      return toProjects(false);
    case "PROJECT_USER_DISCARDED":
    case "PROJECT_ACCEPTED":
    case "PROJECT_UPDATED":
    case "PROJECT_HIRING":
    case "PROJECT_USER_LEFT":
    case "PROJECT_TO_LIVE":
      return toProjects(true);
    case "PROFIT_SHARE_HELD":
    case "PROFIT_SHARE_RELEASED":
      return { kind: "navigate", to: accountPath(ownSlug, "kazanclarim") };
  }
}

/** The title of docs/product-rules.md#notification-types with the names filled in. */
export const titleOf = (n: NotificationLike) => notificationTitle(n.type, n.content);
