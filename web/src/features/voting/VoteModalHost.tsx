import { useSearchParams } from "react-router-dom";
import { VoteModal } from "./VoteModal";

/** The query parameter that opens the rating popup for a vote (`?oylama=<voteId>`). */
export const VOTE_QUERY_PARAM = "oylama";

/** Opens the weekly rating popup on any page whose address carries `?oylama=<voteId>`. */
export function VoteModalHost() {
  const [params, setParams] = useSearchParams();
  const voteId = params.get(VOTE_QUERY_PARAM);
  return (
    <VoteModal
      voteId={voteId}
      onClose={() =>
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.delete(VOTE_QUERY_PARAM);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
