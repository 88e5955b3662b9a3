/**
 * Who votes on whom when the week's vote opens (docs/product-rules.md#votes-who-rates-whom):
 * - every Junior rates each other Junior of the team in the five categories (PEER);
 * - every Senior fills the skill survey for each Junior of the team (SKILL);
 * - every Junior gets a mentor vote on each Senior of the team, which only carries a request to
 *   end the work with them (MENTOR). Seniors are not rated otherwise, and do not rate Seniors.
 */
import type { MemberType, VoteKind } from "../../model/enums.js";

export interface TeamMember {
  uid: string;
  type: MemberType;
  /** The member's skill names: what a Senior rates them on. */
  skills: readonly string[];
}

export interface PlannedVote {
  voterId: string;
  targetUserId: string;
  kind: VoteKind;
  skills: string[];
}

/** One pending vote per voter, target and week (docs/product-rules.md#votes-who-rates-whom). */
export function voteId(weekId: string, voterId: string, targetUserId: string): string {
  return `${weekId}_${voterId}_${targetUserId}`;
}

export function planTeamVotes(team: readonly TeamMember[]): PlannedVote[] {
  const votes: PlannedVote[] = [];
  for (const voter of team) {
    for (const target of team) {
      if (voter.uid === target.uid) continue;
      const kind = voteKind(voter.type, target.type);
      if (!kind) continue;
      votes.push({
        voterId: voter.uid,
        targetUserId: target.uid,
        kind,
        skills: kind === "SKILL" ? [...target.skills] : [],
      });
    }
  }
  return votes;
}

function voteKind(voter: MemberType, target: MemberType): VoteKind | null {
  if (voter === "JUNIOR" && target === "JUNIOR") return "PEER";
  if (voter === "SENIOR" && target === "JUNIOR") return "SKILL";
  if (voter === "JUNIOR" && target === "SENIOR") return "MENTOR";
  return null;
}

/** A team votes when its project is live, not completed, and has at least two members. */
export function teamVotes(
  project: { isLive: boolean; status: string },
  activeMembers: number,
): boolean {
  return project.isLive && project.status !== "Completed" && activeMembers >= 2;
}
