import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useViewer } from "../lib/viewer";
import { PageLoader } from "./PageLoader";
import { screens } from "../app/screens";

/** Member-only routes: a visitor is sent to the login page, which can send them back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const viewer = useViewer({ certain: true });
  const location = useLocation();
  if (viewer.loading) return <PageLoader />;
  if (!viewer.signedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={screens.login} replace state={{ from }} />;
  }
  return <>{children}</>;
}
