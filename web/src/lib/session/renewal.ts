import { screens } from "../../app/screens";
/**
 * Session renewal (docs/product-rules.md#session-renewal): when the app starts, unless the page is the login or the sign-up
 * page, the session is renewed, and then again every 14 minutes. Only whether a token came back
 * matters; every failure is ignored silently (the Firebase SDK also keeps the ID token fresh on its
 * own, and a call that meets a 401 refreshes it through the `/api` client).
 */

export const RENEWAL_INTERVAL_MS = 14 * 60 * 1000;
/** Pages on which the app does not renew at start. */
export const NO_RENEWAL_AT_START = [screens.login, screens.signUp] as const;

export interface RenewalClock {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const systemClock: RenewalClock = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

export function renewsAtStart(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return !(NO_RENEWAL_AT_START as readonly string[]).includes(path);
}

/**
 * Starts renewing; returns the stop function. `renew` resolves to the new token (or null when
 * nobody is signed in); what it resolves to or throws changes nothing.
 */
export function startSessionRenewal(options: {
  renew: () => Promise<string | null>;
  pathname: string;
  clock?: RenewalClock;
  intervalMs?: number;
}): () => void {
  const clock = options.clock ?? systemClock;
  const renewQuietly = () => {
    try {
      void options.renew().catch(() => undefined);
    } catch {
      // ignored: renewal never disturbs the page
    }
  };
  if (renewsAtStart(options.pathname)) renewQuietly();
  const id = clock.setInterval(renewQuietly, options.intervalMs ?? RENEWAL_INTERVAL_MS);
  return () => clock.clearInterval(id);
}
