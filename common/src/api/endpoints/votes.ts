/** Weekly votes, feedback and the request to stop working with a mentor (spec §1, §7). */
import * as z from "zod/mini";
import { messages } from "../../messages.js";
import { RATING_CATEGORIES } from "../../model/enums.js";
import { PROFILE_LIMITS } from "../../domain/profile-limits.js";
import { data, endpoint } from "../define.js";
import { routes } from "../routes.js";
import { idField } from "../fields.js";
import type { CompletedVoteDto, DiscardRequestDto, FeedbackDto, PendingVoteDto } from "../types.js";

const V = messages.votes;
const voteParams = z.object({ voteId: idField(V.voteIdRequired) });
const nullish = <T extends z.core.SomeType>(s: T) => z.optional(z.nullable(s));

const rating = nullish(z.number({ error: V.allCategories }));

export const voteSubmissionBody = z.object({
  scores: nullish(
    z.object(
      Object.fromEntries(RATING_CATEGORIES.map((c) => [c, rating])) as Record<
        (typeof RATING_CATEGORIES)[number],
        typeof rating
      >,
      { error: V.allCategories },
    ),
  ),
  feedback: nullish(
    z.string({ error: V.feedbackNotText }).check(z.maxLength(2000, { error: V.feedbackTooLong })),
  ),
  discardWanted: nullish(z.boolean({ error: V.discardWantedInvalid })),
  discardReason: nullish(
    z
      .string({ error: V.discardReasonNotText })
      .check(z.maxLength(1000, { error: V.discardReasonTooLong })),
  ),
  // Keyed by the rated member's skill names, so bounded like the profile's skills.
  skillVotes: nullish(
    z.record(z.string(), z.number({ error: V.skillRange }), { error: V.skillRange }).check(
      z.refine((r) => Object.keys(r).length <= PROFILE_LIMITS.skills, {
        error: V.skillVotesTooMany,
        abort: true,
      }),
      z.refine((r) => Object.keys(r).every((skill) => skill.length <= PROFILE_LIMITS.skillName), {
        error: messages.users.skillNameInvalid,
      }),
    ),
  ),
});

export const pending = endpoint({
  ...routes.votes.pending,
  access: "member",
  response: data<PendingVoteDto[]>(),
});

export const pendingOne = endpoint({
  ...routes.votes.pendingOne,
  access: "member",
  params: voteParams,
  response: data<PendingVoteDto>(),
});

export const complete = endpoint({
  ...routes.votes.complete,
  access: "member",
  params: voteParams,
  body: voteSubmissionBody,
  response: data<CompletedVoteDto>(),
});

/** Feedback about the caller, or (HR and admin) about `userId`. */
export const feedbacks = endpoint({
  ...routes.votes.feedbacks,
  access: "member",
  query: z.object({ userId: z.optional(idField(messages.users.invalidId)) }),
  response: data<FeedbackDto[]>(),
});

export const discardWantedSenior = endpoint({
  ...routes.votes.discardWantedSenior,
  access: "member",
  params: z.object({ userId: idField(messages.users.invalidId) }),
  body: z.object({
    reason: z._default(
      z.optional(
        z
          .string({ error: V.reasonNotText })
          .check(z.trim(), z.maxLength(1000, { error: V.reasonTooLong })),
      ),
      "",
    ),
  }),
  response: data<DiscardRequestDto>(),
});
