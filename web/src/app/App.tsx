import { type ReactNode, StrictMode, useEffect } from "react";
import { useBrowserValue } from "../lib/hydration";
import { AppProviders } from "./AppProviders";
import { APP_STARTED_ATTRIBUTE } from "./prerendered";

/**
 * Marks the document once the app has rendered or hydrated it: from then on its buttons respond.
 * A prerendered page is visible before that, and a click in between does nothing (the browser
 * suites wait for the mark before they act, tests/support/pages.ts).
 */
function MarkStarted() {
  // Marked in the render that applies the browser's own values (lib/hydration.ts) after the
  // hydration, so the page is then exactly what the visitor gets (today's date on a legal text).
  const applied = useBrowserValue(() => true, false);
  useEffect(() => {
    if (applied) document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, "");
  }, [applied]);
  return null;
}

/**
 * The whole app around its router (with AppRoutes inside): BrowserRouter in main.tsx,
 * StaticRouter when the build prerenders a page (prerender.tsx). Both render this same tree, so
 * React's generated ids (and with them Mantine's) in the prerendered markup are the ones hydration
 * expects.
 */
export function App({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>
        {router}
        <MarkStarted />
      </AppProviders>
    </StrictMode>
  );
}
