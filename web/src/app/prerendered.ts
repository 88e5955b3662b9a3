/**
 * The build writes the public pages' markup into their HTML (scripts/prerender.mjs) and marks the
 * body with the path it rendered. The markup is a visitor's view of that path without a query, so
 * it is hydrated only for exactly that; any other address renders afresh over it (the shell looks
 * the same, so nothing visibly jumps).
 */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

export function isPrerenderedFor(
  document: Pick<Document, "body">,
  location: Pick<Location, "pathname" | "search">,
): boolean {
  const path = document.body.getAttribute(PRERENDERED_ATTRIBUTE);
  return path !== null && path === location.pathname && location.search === "";
}

/** Set on <html> once the app has rendered or hydrated the page (components/shell/MarkStarted.tsx). */
export const APP_STARTED_ATTRIBUTE = "data-app-started";
