import { useEffect } from "react";
import { APP_STARTED_ATTRIBUTE } from "../../app/prerendered";
import { useBrowserValue } from "../../lib/hydration";

/**
 * Marks the document once the app has rendered or hydrated the page: from then on its buttons
 * respond. A prerendered page is visible before that, and a click in between does nothing (the
 * browser suites wait for the mark before they act, tests/support/pages.ts). Rendered inside the
 * page's Suspense boundary (AppLayout): React hydrates that boundary after the shell, and the
 * mark must wait for the page itself.
 */
export function MarkStarted() {
  // Marked in the render that applies the browser's own values (lib/hydration.ts) after the
  // hydration, so the page is then exactly what the visitor gets (today's date on a legal text).
  const applied = useBrowserValue(() => true, false);
  useEffect(() => {
    if (applied) document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, "");
  }, [applied]);
  return null;
}
