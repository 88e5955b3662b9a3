import { Router } from "express";
import { z } from "zod";
import { PROFILE_LIMITS, RATING_CATEGORIES, messages } from "@platform/common";
import { endpoint } from "../http/endpoint.js";
import * as votes from "../services/votes.js";
import { idSchema } from "./schemas.js";

const voteParams = z.object({ voteId: idSchema(messages.votes.voteIdRequired) });

const rating = z.number({ error: messages.votes.allCategories }).nullable().optional();
export const voteSubmissionBody = z.object({
  scores: z
    .object(
      Object.fromEntries(RATING_CATEGORIES.map((c) => [c, rating])) as Record<
        (typeof RATING_CATEGORIES)[number],
        typeof rating
      >,
      { error: messages.votes.allCategories },
    )
    .nullable()
    .optional(),
  feedback: z
    .string({ error: "Geri bildirim metin olmalıdır." })
    .max(2000, { error: "Geri bildirim en fazla 2000 karakter olabilir." })
    .nullable()
    .optional(),
  discardWanted: z
    .boolean({ error: "discardWanted true veya false olmalıdır." })
    .nullable()
    .optional(),
  discardReason: z
    .string({ error: "Çıkarılma sebebi metin olmalıdır." })
    .max(1000, { error: "Çıkarılma sebebi en fazla 1000 karakter olabilir." })
    .nullable()
    .optional(),
  // Keyed by the rated member's skill names, so bounded like the profile's skills.
  skillVotes: z
    .record(z.string(), z.number({ error: messages.votes.skillRange }), {
      error: messages.votes.skillRange,
    })
    .refine((r) => Object.keys(r).length <= PROFILE_LIMITS.skills, {
      error: messages.votes.skillVotesTooMany,
      abort: true,
    })
    .refine((r) => Object.keys(r).every((skill) => skill.length <= PROFILE_LIMITS.skillName), {
      error: messages.users.skillNameInvalid,
    })
    .nullable()
    .optional(),
});

const discardBody = z.object({
  reason: z
    .string({ error: "Sebep metin olmalıdır." })
    .trim()
    .max(1000, { error: "Sebep en fazla 1000 karakter olabilir." })
    .optional()
    .default(""),
});

export function votesRouter(): Router {
  const r = Router();

  r.get(
    "/pending",
    endpoint({ auth: "required" }, async ({ user, now }) => ({
      data: await votes.pendingVotes(user.uid, now),
    })),
  );

  r.get(
    "/pending/:voteId",
    endpoint({ auth: "required", params: voteParams }, async ({ user, params }) => ({
      data: await votes.pendingVote(user.uid, params.voteId),
    })),
  );

  r.post(
    "/complete/:voteId",
    endpoint(
      { auth: "required", params: voteParams, body: voteSubmissionBody },
      async ({ user, params, body, now }) => ({
        message: messages.votes.submitSuccess,
        data: await votes.completeVote(user.uid, params.voteId, body, now),
      }),
    ),
  );

  r.get(
    "/feedbacks",
    endpoint(
      {
        auth: "required",
        query: z.object({ userId: idSchema(messages.users.invalidId).optional() }),
      },
      async ({ user, query }) => ({ data: await votes.feedbacks(user, query.userId) }),
    ),
  );

  r.post(
    "/DiscardWantedSenior/:userId",
    endpoint(
      {
        auth: "required",
        params: z.object({ userId: idSchema(messages.users.invalidId) }),
        body: discardBody,
      },
      async ({ user, params, body, now }) => ({
        status: 201,
        message: messages.votes.discardSuccess,
        data: await votes.discardWantedSenior(user.uid, params.userId, body.reason, now),
      }),
    ),
  );

  return r;
}
