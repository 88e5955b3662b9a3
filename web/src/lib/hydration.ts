import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A value only the browser knows (its storage, today's date). The public pages are rendered at
 * build time (scripts/prerender.mjs) and hydrated, and hydration must start from the very markup
 * the build wrote: `serverValue` is used in the build and in the hydration render, the browser's
 * value right after. Without prerendered markup the browser's value is used from the start.
 * `read` must return the same value while nothing changed (a primitive, not a new object).
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
