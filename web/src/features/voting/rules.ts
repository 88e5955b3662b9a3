/**
 * The weekly rating form (docs/product-rules.md#votes-submission): what it sends and the checks before sending, which are
 * the shared rules the API applies as well.
 */
import {
  RATING_CATEGORIES,
  messages,
  validateVoteSubmission,
  type RatingCategory,
  type VoteKind,
  type VoteSubmission,
} from "@platform/common";

export interface VoteForm {
  /** 0 = not rated yet. */
  scores: Record<RatingCategory, number>;
  feedback: string;
  discardWanted: boolean;
  discardReason: string;
  /** 0 = not rated. */
  skillVotes: Record<string, number>;
}

export const emptyVoteForm = (): VoteForm => ({
  scores: Object.fromEntries(RATING_CATEGORIES.map((c) => [c, 0])) as Record<
    RatingCategory,
    number
  >,
  feedback: "",
  discardWanted: false,
  discardReason: "",
  skillVotes: {},
});

export type VoteCheck = { ok: true; body: VoteSubmission } | { ok: false; message: string };

/**
 * The body of POST /votes/complete/{voteId}: the five ratings (all required, 1–5; none for a
 * mentor vote), the feedback, the removal request with its reason, and a rating for every listed
 * skill (0 when unrated) on a skill survey.
 */
export function checkVote(
  voteId: string | null | undefined,
  kind: VoteKind,
  skills: readonly string[],
  form: VoteForm,
): VoteCheck {
  if (!voteId) return { ok: false, message: messages.votes.voteIdRequired };
  const scores =
    kind === "MENTOR"
      ? null
      : (Object.fromEntries(RATING_CATEGORIES.map((c) => [c, form.scores[c] || null])) as Record<
          RatingCategory,
          number
        >);
  const skillVotes =
    kind === "SKILL" ? Object.fromEntries(skills.map((s) => [s, form.skillVotes[s] ?? 0])) : {};
  const checked = validateVoteSubmission(kind, skills, {
    scores,
    feedback: form.feedback,
    discardWanted: form.discardWanted,
    discardReason: form.discardReason,
    skillVotes,
  });
  if (!checked.ok) return { ok: false, message: checked.message };
  return {
    ok: true,
    body: {
      scores: checked.value.scores,
      feedback: checked.value.feedback,
      discardWanted: checked.value.discardWanted,
      discardReason: checked.value.discardReason,
      skillVotes: kind === "SKILL" ? skillVotes : {},
    },
  };
}
