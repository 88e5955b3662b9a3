/**
 * Applying an operations specialist's decision on a removal review (docs/product-rules.md#removal-decision): nobody
 * is removed automatically; the decision is a field set in the console, and a sweep applies it.
 */
import type { RemovalDecision } from "../../model/enums.js";
import type { TeamMemberSummary } from "../../model/documents.js";

export type RemovalOutcome =
  /** No decision yet, or already applied: nothing to do. */
  | "WAIT"
  /** Keep the member: the review is closed as applied. */
  | "KEEP"
  /** Remove the member: membership ended, seat reopened, member told. */
  | "REMOVE"
  /** Removal decided but the member is no longer on the team (left meanwhile): close the review. */
  | "ALREADY_GONE";

export function removalOutcome(
  review: { decision: RemovalDecision | null | undefined; appliedAt: unknown },
  member: { active: boolean } | null,
): RemovalOutcome {
  if (review.appliedAt) return "WAIT";
  if (review.decision === "KEEP") return "KEEP";
  if (review.decision !== "REMOVE") return "WAIT";
  return member?.active ? "REMOVE" : "ALREADY_GONE";
}

/** The team strip without a member. */
export function teamWithout(team: readonly TeamMemberSummary[], uid: string): TeamMemberSummary[] {
  return team.filter((m) => m.uid !== uid);
}
