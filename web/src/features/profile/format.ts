/** Display helpers of the profile card, pure. */

export { formatAddress, formatBirthDate } from "../../lib/format";

interface ProjectMembership {
  currentProjectId: string | null;
  currentProjectTitle: string | null;
  type: string;
}

/** E-mail on a public page: only when the viewer is an active member of the same project. */
export function canSeeEmail(viewer: ProjectMembership | null, user: ProjectMembership): boolean {
  return Boolean(viewer?.currentProjectId) && viewer!.currentProjectId === user.currentProjectId;
}

/**
 * 'Mentörle Çalışmayı Sonlandır': on a Senior's page, for a Junior viewer of the same project
 * (matched by project title, docs/product-rules.md#mentor-end).
 */
export function canEndMentorship(
  viewer: ProjectMembership | null,
  user: ProjectMembership,
): boolean {
  return (
    viewer?.type === "JUNIOR" &&
    user.type === "SENIOR" &&
    Boolean(viewer.currentProjectTitle) &&
    viewer.currentProjectTitle === user.currentProjectTitle
  );
}
