import { describe, expect, it } from "vitest";
import { isMailExpired, istanbulTime, mailPurgeCutoff } from "../src/index.js";

const now = istanbulTime(2026, 12, 1, 3);
const HOUR = 3600_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("mail retention", () => {
  it("expires mail exactly 30 days after it was queued, not a millisecond earlier", () => {
    expect(mailPurgeCutoff(now)).toEqual(ago(30 * 24 * HOUR));
    expect(isMailExpired(ago(30 * 24 * HOUR), now)).toBe(true);
    expect(isMailExpired(ago(30 * 24 * HOUR - 1), now)).toBe(false);
    expect(isMailExpired(ago(29 * 24 * HOUR + 23 * HOUR), now)).toBe(false);
    expect(isMailExpired(ago(365 * 24 * HOUR), now)).toBe(true);
    expect(isMailExpired(ago(HOUR), now)).toBe(false);
  });
});
