/**
 * Rules of the weekly survey (docs/product-rules.md#votes-weekly-window, #votes-submission). Pure: `now` comes in.
 */
import { RATING_CATEGORIES } from "../model/enums.js";
import type { VoteKind, VoteStatus } from "../model/enums.js";
import type { RatingAverages } from "../model/documents.js";
import { addDays, weekId } from "./business-time.js";
import { voteWeekOf } from "./cycle/week.js";
import { messages } from "../messages.js";

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SKILL_VOTE_MIN = 0;
export const SKILL_VOTE_MAX = 5;

/** Where a pending vote stands at `now`. */
export function voteState(
  vote: { status: VoteStatus; opensAt: Date; closesAt: Date },
  now: Date,
): "OPEN" | "NOT_YET_OPEN" | "CLOSED" | "COMPLETED" {
  if (vote.status === "COMPLETED") return "COMPLETED";
  if (vote.status === "EXPIRED") return "CLOSED";
  if (now.getTime() < vote.opensAt.getTime()) return "NOT_YET_OPEN";
  if (now.getTime() >= vote.closesAt.getTime()) return "CLOSED";
  return "OPEN";
}

/**
 * The week whose vote a request made at `now` counts towards: the current week until its vote
 * closes (Saturday 00:00, when the closing job counts the requests), otherwise the next one. A
 * request on Tuesday counts in the coming Friday's vote, one on Friday at 23:59:30 too, one at
 * Saturday 00:00 in the next week's.
 */
export function voteWeekFor(now: Date): string {
  const week = voteWeekOf(now);
  return now.getTime() < week.closesAt.getTime() ? week.weekId : weekId(addDays(week.opensAt, 7));
}

export interface VoteSubmissionInput {
  scores?: Partial<Record<string, unknown>> | null;
  feedback?: string | null;
  discardWanted?: boolean | null;
  discardReason?: string | null;
  skillVotes?: Record<string, unknown> | null;
}

export interface VoteSubmission {
  scores: RatingAverages | null;
  feedback: string;
  discardWanted: boolean;
  discardReason: string;
  skillVotes: Record<string, number>;
}

export type SubmissionResult = { ok: true; value: VoteSubmission } | { ok: false; message: string };

const isRating = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= RATING_MIN && v <= RATING_MAX;

/**
 * Validates a survey answer for a vote of `kind` over `skills` (docs/product-rules.md#votes-submission):
 * - PEER and SKILL votes rate all five categories from 1 to 5;
 * - SKILL votes (a Senior rating a Junior) also rate every listed skill from 0 to 5, 0 when unrated;
 * - MENTOR votes (a Junior about their mentor) carry no ratings, only the removal request;
 * - a removal request needs its reason.
 */
export function validateVoteSubmission(
  kind: VoteKind,
  skills: readonly string[],
  input: VoteSubmissionInput,
): SubmissionResult {
  let scores: RatingAverages | null = null;
  if (kind !== "MENTOR") {
    const given = input.scores ?? {};
    const complete = RATING_CATEGORIES.every((c) => isRating(given[c]));
    if (!complete) return { ok: false, message: messages.votes.allCategories };
    scores = Object.fromEntries(
      RATING_CATEGORIES.map((c) => [c, given[c] as number]),
    ) as RatingAverages;
  }

  const skillVotes: Record<string, number> = {};
  if (kind === "SKILL") {
    const given = input.skillVotes ?? {};
    for (const skill of skills) {
      const v = given[skill] ?? 0;
      if (
        typeof v !== "number" ||
        !Number.isInteger(v) ||
        v < SKILL_VOTE_MIN ||
        v > SKILL_VOTE_MAX
      ) {
        return { ok: false, message: messages.votes.skillRange };
      }
      skillVotes[skill] = v;
    }
  }

  const discardWanted = input.discardWanted === true;
  const discardReason = (input.discardReason ?? "").trim();
  if (discardWanted && !discardReason) {
    return { ok: false, message: messages.votes.discardReasonRequired };
  }
  return {
    ok: true,
    value: {
      scores,
      feedback: (input.feedback ?? "").trim(),
      discardWanted,
      discardReason: discardWanted ? discardReason : "",
      skillVotes,
    },
  };
}
