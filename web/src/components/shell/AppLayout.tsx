import { Box } from "@mantine/core";
import { type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { PageLoader } from "../PageLoader";
import { AnnouncementBanner } from "./AnnouncementBanner";
import { CookiePopup } from "./CookiePopup";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { MarkStarted } from "./MarkStarted";

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The shell around every screen: fixed header, announcement banner, page, footer, cookie popup, plus what the app
 * composes in for every page (`extras`: session wiring, the weekly rating popup).
 */
export function AppLayout({ extras }: { extras?: ReactNode }) {
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <ScrollToTop />
      {extras}
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so content arriving after the
          first paint (data, lazy screens) never pushes a visible footer down (layout shift). */}
      <Box component="main" pt={64} style={{ flex: 1, minHeight: "100vh" }}>
        <AnnouncementBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <MarkStarted />
        </Suspense>
      </Box>
      <Footer />
      <CookiePopup />
    </Box>
  );
}
