import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { VOTE_QUERY_PARAM, withoutVoteParam } from "../../lib/voteQueryParam";

// The popup's code is fetched the first time a page asks for it, not on every first visit.
const VoteModal = lazy(() => import("./VoteModal").then((m) => ({ default: m.VoteModal })));

/** Opens the weekly rating popup on any page whose address carries `?oylama=<voteId>`. */
export function VoteModalHost() {
  const [params, setParams] = useSearchParams();
  const voteId = params.get(VOTE_QUERY_PARAM);
  // Once loaded, the popup stays mounted so that it can animate closed.
  const [wanted, setWanted] = useState(voteId !== null);
  if (voteId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  const close = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(VOTE_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Suspense fallback={null}>
      <VoteModal
        voteId={voteId}
        onClose={close}
        onSubmitted={() => {
          close();
          // a full reload of the page without the popup's parameter (docs/product-rules.md#votes-submission)
          window.location.replace(withoutVoteParam(window.location.href));
        }}
      />
    </Suspense>
  );
}
