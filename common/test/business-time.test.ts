import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  istanbulParts,
  istanbulTime,
  monthId,
  weekId,
  weekStart,
} from "../src/index.js";

describe("Istanbul business time", () => {
  it("is UTC+3 all year", () => {
    expect(istanbulTime(2026, 1, 15, 12).toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(istanbulTime(2026, 7, 15, 12).toISOString()).toBe("2026-07-15T09:00:00.000Z");
    expect(istanbulParts(new Date("2026-11-20T21:30:00Z"))).toMatchObject({
      day: 21,
      hour: 0,
      minute: 30,
      weekday: 6,
    });
  });

  it("starts the week on Friday 12:00", () => {
    const friday = istanbulTime(2026, 11, 20, 12); // Friday
    expect(weekStart(friday).getTime()).toBe(friday.getTime());
    expect(weekStart(istanbulTime(2026, 11, 20, 11, 59, 59)).getTime()).toBe(
      istanbulTime(2026, 11, 13, 12).getTime(),
    );
    expect(weekStart(istanbulTime(2026, 11, 26, 23, 59)).getTime()).toBe(friday.getTime());
    expect(weekId(istanbulTime(2026, 11, 22, 6))).toBe("2026-11-20");
    expect(weekId(istanbulTime(2026, 11, 20, 11, 59))).toBe("2026-11-13");
  });

  it("crosses month and year ends", () => {
    expect(weekId(istanbulTime(2027, 1, 2, 10))).toBe("2027-01-01");
    expect(weekId(istanbulTime(2027, 1, 1, 11))).toBe("2026-12-25");
    expect(monthId(new Date("2026-11-30T21:00:00Z"))).toBe("2026-12");
    expect(monthId(new Date("2026-11-30T20:59:59Z"))).toBe("2026-11");
  });

  it("knows 28, 29, 30 and 31-day months", () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});
