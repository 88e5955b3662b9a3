import { Navigate, useLocation } from "react-router-dom";
import { screens } from "../../app/screens";

/** A render error anywhere below the shell sends the visitor to the server-error screen (docs/product-rules.md#screen-routes). */
export function RouteErrorRedirect() {
  const location = useLocation();
  return <Navigate to={screens.serverError} replace state={{ from: location.pathname }} />;
}
