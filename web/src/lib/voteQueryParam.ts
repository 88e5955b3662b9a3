/** The query parameter that opens the rating popup for a vote (`?oylama=<voteId>`). */
export const VOTE_QUERY_PARAM = "oylama";

/** The address without `?oylama=…` (the page to reload after a vote). */
export function withoutVoteParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(VOTE_QUERY_PARAM);
  return url.toString();
}
