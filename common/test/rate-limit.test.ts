import { describe, expect, it } from "vitest";
import { consumeLimit, limitWaitSeconds, windowExpiresAt } from "../src/domain/rate-limit.js";

const rule = { max: 3, windowMs: 60_000 };
const t0 = Date.UTC(2026, 0, 5, 10, 0, 0);

function spend(times: number, at: number) {
  let state = null as { count: number; windowStart: number } | null;
  for (let i = 0; i < times; i++) {
    const d = consumeLimit(rule, state, at);
    if (!d.allowed) throw new Error(`refused at ${i + 1}`);
    state = d.next;
  }
  return state!;
}

describe("fixed-window limits", () => {
  it("allows max in a window and refuses the next with the seconds left", () => {
    const state = spend(3, t0);
    expect(state).toEqual({ count: 3, windowStart: t0 });
    expect(consumeLimit(rule, state, t0 + 15_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
    expect(limitWaitSeconds(rule, state, t0 + 59_001)).toBe(1);
  });

  it("starts a new window once the old one has ended", () => {
    const state = spend(3, t0);
    expect(limitWaitSeconds(rule, state, t0 + 60_000)).toBe(0);
    expect(consumeLimit(rule, state, t0 + 60_000)).toEqual({
      allowed: true,
      next: { count: 1, windowStart: t0 + 60_000 },
    });
  });

  it("counts within the window from its start, not from the last hit", () => {
    let state = spend(2, t0);
    const d = consumeLimit(rule, state, t0 + 50_000);
    expect(d).toEqual({ allowed: true, next: { count: 3, windowStart: t0 } });
    state = (d as { next: typeof state }).next;
    expect(limitWaitSeconds(rule, state, t0 + 50_000)).toBe(10);
  });

  it("treats a window from the future (clock skew) as none", () => {
    expect(limitWaitSeconds(rule, { count: 9, windowStart: t0 + 1000 }, t0)).toBe(0);
  });

  it("expires the stored window when it ends", () => {
    expect(windowExpiresAt(rule, { count: 1, windowStart: t0 })).toBe(t0 + 60_000);
  });
});
