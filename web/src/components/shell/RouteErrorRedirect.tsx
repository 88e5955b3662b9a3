import { Navigate, useLocation } from "react-router-dom";

/** A render error anywhere below the shell sends the visitor to /server-error (spec §2). */
export function RouteErrorRedirect() {
  const location = useLocation();
  return <Navigate to="/server-error" replace state={{ from: location.pathname }} />;
}
