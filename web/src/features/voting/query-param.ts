/** The query parameter that opens the rating popup for a vote (`?oylama=<voteId>`). */
export const VOTE_QUERY_PARAM = "oylama";
