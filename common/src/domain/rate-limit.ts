/**
 * Fixed-window limits (how many of something per key in a time window), as pure arithmetic with
 * the clock passed in; the functions keep the window state per key in Firestore.
 */

export interface LimitRule {
  /** How many are allowed in one window. */
  max: number;
  windowMs: number;
}

/** The count of the current window and when it started (ms since the epoch). */
export interface WindowState {
  count: number;
  windowStart: number;
}

export type LimitDecision =
  { allowed: true; next: WindowState } | { allowed: false; retryAfterSeconds: number };

/** The state that counts at `now`: a window that has ended counts as none. */
function current(rule: LimitRule, state: WindowState | null, now: number): WindowState | null {
  if (!state || now >= state.windowStart + rule.windowMs || now < state.windowStart) return null;
  return state;
}

/** Whole seconds until the window of `state` ends (at least 1, so a client never retries at 0). */
function secondsLeft(rule: LimitRule, state: WindowState, now: number): number {
  return Math.max(1, Math.ceil((state.windowStart + rule.windowMs - now) / 1000));
}

/** Seconds to wait when the budget is spent at `now`, or 0 when one more is allowed. */
export function limitWaitSeconds(rule: LimitRule, state: WindowState | null, now: number): number {
  const live = current(rule, state, now);
  return live && live.count >= rule.max ? secondsLeft(rule, live, now) : 0;
}

/** Takes one from the budget: the state to store, or how long to wait when none is left. */
export function consumeLimit(
  rule: LimitRule,
  state: WindowState | null,
  now: number,
): LimitDecision {
  const wait = limitWaitSeconds(rule, state, now);
  if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
  const live = current(rule, state, now);
  return {
    allowed: true,
    next: live
      ? { count: live.count + 1, windowStart: live.windowStart }
      : { count: 1, windowStart: now },
  };
}

/** When the stored state of a window may be deleted (a Firestore TTL field). */
export function windowExpiresAt(rule: LimitRule, state: WindowState): number {
  return state.windowStart + rule.windowMs;
}
