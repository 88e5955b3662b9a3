import { messages } from "@platform/common";
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import * as votes from "../services/votes.js";

const api = contract.votes;

export const votesRoutes = [
  endpoint(api.pending, async ({ user, now }) => ({
    data: await votes.pendingVotes(user.uid, now),
  })),

  endpoint(api.pendingOne, async ({ user, params }) => ({
    data: await votes.pendingVote(user.uid, params.voteId),
  })),

  endpoint(api.complete, async ({ user, params, body, now }) => ({
    message: messages.votes.submitSuccess,
    data: await votes.completeVote(user.uid, params.voteId, body, now),
  })),

  endpoint(api.feedbacks, async ({ user, query }) => ({
    data: await votes.feedbacks(user, query.userId),
  })),

  endpoint(api.discardWantedSenior, async ({ user, params, body, now }) => ({
    status: 201,
    message: messages.votes.discardSuccess,
    data: await votes.discardWantedSenior(user.uid, params.userId, body.reason, now),
  })),
];
