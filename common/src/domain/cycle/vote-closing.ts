/**
 * What the closing of a week's vote does with the answers (docs/product-rules.md#votes-aggregation): rating
 * averages over all weeks (five categories, kept exact with their count), per-skill averages,
 * and removal cases for an operations specialist. Pure.
 */
import { RATING_CATEGORIES } from "../../model/enums.js";
import type { RatingAverages } from "../../model/documents.js";

export interface RatingState {
  totalRate: RatingAverages | null;
  rateCount: number;
  skillVotes: Record<string, number>;
  skillVoteCounts: Record<string, number>;
}

export interface RatedAnswer {
  /** Five category scores (PEER and SKILL votes); null for a MENTOR vote. */
  scores: RatingAverages | null;
  /** Skill scores 1-5 of a SKILL vote; 0 means "not rated" and is left out. */
  skillVotes: Record<string, number>;
}

/** The member's averages with this week's answers added to everything before. */
export function aggregateRatings(state: RatingState, answers: readonly RatedAnswer[]): RatingState {
  const scored = answers.filter((a) => a.scores !== null);
  let totalRate = state.totalRate;
  const before = state.totalRate ? Math.max(0, state.rateCount) : 0;
  const rateCount = before + scored.length;
  if (scored.length > 0) {
    totalRate = Object.fromEntries(
      RATING_CATEGORIES.map((c) => {
        const previous = (state.totalRate?.[c] ?? 0) * before;
        const added = scored.reduce((sum, a) => sum + a.scores![c], 0);
        return [c, (previous + added) / rateCount];
      }),
    ) as RatingAverages;
  }

  const skillVotes = { ...state.skillVotes };
  const skillVoteCounts = { ...state.skillVoteCounts };
  for (const answer of answers) {
    for (const [skill, score] of Object.entries(answer.skillVotes)) {
      if (!(score >= 1 && score <= 5)) continue;
      const count = skillVotes[skill] === undefined ? 0 : (skillVoteCounts[skill] ?? 1);
      skillVotes[skill] = ((skillVotes[skill] ?? 0) * count + score) / (count + 1);
      skillVoteCounts[skill] = count + 1;
    }
  }
  return {
    totalRate,
    rateCount: scored.length > 0 ? rateCount : state.rateCount,
    skillVotes,
    skillVoteCounts,
  };
}

export interface Membership {
  userId: string;
  joinedAt: Date;
  leftAt: Date | null;
}

/** Members of a team at an instant (joined at or before it, not yet left). */
export function membersAt(memberships: readonly Membership[], instant: Date): Set<string> {
  const t = instant.getTime();
  return new Set(
    memberships
      .filter((m) => m.joinedAt.getTime() <= t && (m.leftAt === null || m.leftAt.getTime() > t))
      .map((m) => m.userId),
  );
}

export interface RemovalRequest {
  voterId: string;
  targetUserId: string;
  projectId: string;
  reason: string;
}

export interface RemovalCase {
  projectId: string;
  targetUserId: string;
  requestCount: number;
  otherMemberCount: number;
  reasons: string[];
}

/** 50% or more of the other members (docs/product-rules.md#removal-threshold). */
export function meetsRemovalThreshold(requestCount: number, otherMemberCount: number): boolean {
  return otherMemberCount > 0 && requestCount * 2 >= otherMemberCount;
}

/**
 * Removal cases of a week: per project and target, the distinct voters among the other members
 * of the team when the vote opened (`rosterOf`) who asked for the removal, PEER and MENTOR
 * requests alike; a case when they are half of those other members or more.
 */
export function removalCases(
  requests: readonly RemovalRequest[],
  rosterOf: (projectId: string) => ReadonlySet<string>,
): RemovalCase[] {
  const byTarget = new Map<string, RemovalRequest[]>();
  for (const r of requests) {
    const key = `${r.projectId}\u0000${r.targetUserId}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), r]);
  }
  const cases: RemovalCase[] = [];
  for (const group of byTarget.values()) {
    const { projectId, targetUserId } = group[0]!;
    const roster = rosterOf(projectId);
    if (!roster.has(targetUserId)) continue;
    const voters = new Map<string, string>();
    for (const r of group) {
      if (r.voterId !== targetUserId && roster.has(r.voterId) && !voters.has(r.voterId)) {
        voters.set(r.voterId, r.reason);
      }
    }
    const otherMemberCount = roster.size - 1;
    if (!meetsRemovalThreshold(voters.size, otherMemberCount)) continue;
    const reasons = [...voters.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, reason]) => reason.trim())
      .filter((reason) => reason.length > 0);
    cases.push({ projectId, targetUserId, requestCount: voters.size, otherMemberCount, reasons });
  }
  return cases.sort((a, b) =>
    a.projectId === b.projectId
      ? a.targetUserId < b.targetUserId
        ? -1
        : 1
      : a.projectId < b.projectId
        ? -1
        : 1,
  );
}

/** The removal review of a member in a week: one per project, member and week. */
export function removalReviewId(projectId: string, targetUserId: string, weekId: string): string {
  return `${projectId}_${targetUserId}_${weekId}`;
}
