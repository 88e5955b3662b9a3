/**
 * Changes that hand over an account (the e-mail address) need a recent sign-in, so a token that
 * leaked or was left open somewhere cannot be used for them. Pure: the clock comes in.
 */

export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** Whether a sign-in at `authTimeSeconds` (the ID token's `auth_time`) counts as recent. */
export function isRecentSignIn(authTimeSeconds: number | null | undefined, now: Date): boolean {
  if (typeof authTimeSeconds !== "number" || !Number.isFinite(authTimeSeconds)) return false;
  const age = now.getTime() - authTimeSeconds * 1000;
  return age <= RECENT_SIGN_IN_MS;
}
