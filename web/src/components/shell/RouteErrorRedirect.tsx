import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from "react-router-dom";
import { NotFoundScreen } from "../NotFoundScreen";
import { screens } from "../../app/screens";

/** A render error anywhere below the shell sends the visitor to the server-error screen (spec §2). */
export function RouteErrorRedirect() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return <Navigate to={screens.serverError} replace state={{ from: location.pathname }} />;
}
