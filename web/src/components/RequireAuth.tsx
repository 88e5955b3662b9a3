import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useViewer } from "../lib/viewer";
import { PageLoader } from "./PageLoader";

/** Member-only routes: a visitor is sent to the login page, which can send them back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  if (viewer.loading) return <PageLoader />;
  if (!viewer.signedIn) {
    return <Navigate to="/giris_yap" replace state={{ from: location.pathname }} />;
  }
  return <>{children}</>;
}
