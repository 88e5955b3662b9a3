import { describe, expect, it } from "vitest";
import {
  ageOn,
  computeProfitShare,
  configuredProfitRate,
  formatRateTr,
  isPayoutDue,
  istanbulTime,
  parsePeriod,
  payoutDate,
  pendingRateAnnouncement,
  previousPeriod,
  releasedStatus,
  splitByDays,
  workingDays,
} from "../src/index.js";

const longAgo = istanbulTime(2020, 1, 1);
const joinedOn = (y: number, m: number, d: number, h = 14) => ({
  joinedAt: istanbulTime(y, m, d, h),
  leftAt: null,
});

describe("payout dates", () => {
  it("computes the previous month on the 15th", () => {
    expect(previousPeriod(istanbulTime(2026, 12, 15, 10))).toBe("2026-11");
    expect(previousPeriod(istanbulTime(2027, 1, 15, 10))).toBe("2026-12");
    expect(payoutDate("2026-12").getTime()).toBe(istanbulTime(2027, 1, 15).getTime());
    expect(isPayoutDue("2026-11", istanbulTime(2026, 12, 14, 23, 59))).toBe(false);
    expect(isPayoutDue("2026-11", istanbulTime(2026, 12, 15))).toBe(true);
  });

  it("knows 28, 29, 30 and 31-day months", () => {
    expect(parsePeriod("2027-02").days).toBe(28);
    expect(parsePeriod("2028-02").days).toBe(29);
    expect(parsePeriod("2026-11").days).toBe(30);
    expect(parsePeriod("2026-12").days).toBe(31);
    expect(() => parsePeriod("2026-13")).toThrow();
  });
});

describe("working days", () => {
  it("counts a whole month for a member who joined before it", () => {
    for (const [period, days] of [
      ["2027-02", 28],
      ["2028-02", 29],
      ["2026-11", 30],
      ["2026-12", 31],
    ] as const) {
      expect(workingDays(period, [{ joinedAt: longAgo, leftAt: null }])).toBe(days);
    }
  });

  it("counts from the join date: the 15th of a 30-day month gives 15 days", () => {
    expect(workingDays("2026-11", [joinedOn(2026, 11, 15)])).toBe(15);
    expect(workingDays("2026-12", [joinedOn(2026, 12, 15)])).toBe(16);
    expect(workingDays("2027-02", [joinedOn(2027, 2, 15)])).toBe(13);
    expect(workingDays("2028-02", [joinedOn(2028, 2, 15)])).toBe(14);
  });

  it("handles joins on the first and on the last day of the month", () => {
    expect(workingDays("2026-11", [joinedOn(2026, 11, 1, 0)])).toBe(29);
    expect(workingDays("2026-11", [joinedOn(2026, 11, 30, 23)])).toBe(0);
    expect(workingDays("2026-12", [joinedOn(2026, 12, 31)])).toBe(0);
    // Joined at 23:59 on the last day of the month before: the whole month.
    expect(
      workingDays("2026-12", [{ joinedAt: istanbulTime(2026, 11, 30, 23, 59), leftAt: null }]),
    ).toBe(31);
    // Joined after the month: nothing.
    expect(workingDays("2026-11", [joinedOn(2026, 12, 2)])).toBe(0);
  });

  it("counts up to and including the day of leaving, and adds stints without double days", () => {
    const left = { joinedAt: longAgo, leftAt: istanbulTime(2026, 11, 10, 9) };
    expect(workingDays("2026-11", [left])).toBe(10);
    expect(
      workingDays("2026-11", [{ joinedAt: longAgo, leftAt: istanbulTime(2026, 10, 31, 20) }]),
    ).toBe(0);
    // Left one project on the 10th, joined another the same day: the 10th counts once.
    expect(workingDays("2026-11", [left, joinedOn(2026, 11, 10, 15)])).toBe(30);
  });
});

describe("age on the payout date", () => {
  const paidOn = payoutDate("2026-11"); // 15 December 2026
  it("is 18 on the 18th birthday itself, 17 the day before", () => {
    expect(ageOn("2008-12-15", paidOn)).toBe(18);
    expect(ageOn("2008-12-16", paidOn)).toBe(17);
    expect(ageOn("2008-12-14", paidOn)).toBe(18);
  });
  it("is unknown without a birth date", () => {
    expect(ageOn("", paidOn)).toBeNull();
    expect(ageOn("15/12/2008", paidOn)).toBeNull();
  });
});

describe("the month's share", () => {
  const member = (
    userId: string,
    over: Partial<Parameters<typeof computeProfitShare>[0]["members"][number]> = {},
  ) => ({
    userId,
    type: "JUNIOR" as const,
    birthDate: "1999-05-05",
    hasIban: true,
    stints: [{ joinedAt: longAgo, leftAt: null }],
    ...over,
  });

  it("keeps the platform's rate and splits the rest by working days", () => {
    const result = computeProfitShare({
      period: "2026-11",
      netProfit: 10_000,
      platformRate: 0.1,
      members: [member("full"), member("half", { stints: [joinedOn(2026, 11, 15)] })],
    });
    expect(result.summary).toEqual({
      period: "2026-11",
      netProfit: 10_000,
      platformRate: 0.1,
      platformAmount: 1_000,
      distributable: 9_000,
      totalDays: 45,
      eligibleCount: 2,
      withoutIbanCount: 0,
      heldAmount: 0,
      noBirthDateCount: 0,
    });
    expect(result.statements).toEqual([
      {
        userId: "full",
        days: 30,
        share: 30 / 45,
        amount: 6_000,
        amountKurus: 600_000,
        ibanStatus: "PRESENT",
        status: "PAYABLE",
      },
      {
        userId: "half",
        days: 15,
        share: 15 / 45,
        amount: 3_000,
        amountKurus: 300_000,
        ibanStatus: "PRESENT",
        status: "PAYABLE",
      },
    ]);
  });

  it("leaves out under-18s on the payout date, unknown ages, Seniors and members without days", () => {
    const result = computeProfitShare({
      period: "2026-11",
      netProfit: 1_000,
      platformRate: 0.1,
      members: [
        member("adult-today", { birthDate: "2008-12-15" }),
        member("minor", { birthDate: "2008-12-16" }),
        member("unknown-age", { birthDate: "" }),
        member("senior", { type: "SENIOR" }),
        member("last-day", { stints: [joinedOn(2026, 11, 30)] }),
      ],
    });
    // An unknown age is no share; it gets a statement saying so (next test).
    expect(result.statements.map((s) => [s.userId, s.status])).toEqual([
      ["adult-today", "PAYABLE"],
      ["unknown-age", "NO_BIRTH_DATE"],
    ]);
    expect(result.statements[0]!.amount).toBe(900);
  });

  it("gives a Junior with days and no birth date a statement saying so, and no share", () => {
    const result = computeProfitShare({
      period: "2026-11",
      netProfit: 1_000,
      platformRate: 0.1,
      members: [
        member("a"),
        member("unknown-age", { birthDate: "" }),
        member("bad", { birthDate: "5/5/99" }),
      ],
    });
    expect(result.statements).toEqual([
      expect.objectContaining({ userId: "a", amountKurus: 90_000, status: "PAYABLE" }),
      {
        userId: "bad",
        days: 30,
        share: 0,
        amount: 0,
        amountKurus: 0,
        ibanStatus: "PRESENT",
        status: "NO_BIRTH_DATE",
      },
      {
        userId: "unknown-age",
        days: 30,
        share: 0,
        amount: 0,
        amountKurus: 0,
        ibanStatus: "PRESENT",
        status: "NO_BIRTH_DATE",
      },
    ]);
    expect(result.summary).toMatchObject({ eligibleCount: 1, noBirthDateCount: 2, totalDays: 30 });
  });

  it("holds the share of a member without an IBAN instead of handing it to the others", () => {
    const result = computeProfitShare({
      period: "2026-11",
      netProfit: 1_000,
      platformRate: 0.1,
      members: [member("a"), member("no-iban", { hasIban: false })],
    });
    expect(result.statements).toEqual([
      {
        userId: "a",
        days: 30,
        share: 0.5,
        amount: 450,
        amountKurus: 45_000,
        ibanStatus: "PRESENT",
        status: "PAYABLE",
      },
      {
        userId: "no-iban",
        days: 30,
        share: 0.5,
        amount: 450,
        amountKurus: 45_000,
        ibanStatus: "MISSING",
        status: "HELD_NO_IBAN",
      },
    ]);
    expect(result.summary).toMatchObject({
      eligibleCount: 2,
      withoutIbanCount: 1,
      heldAmount: 450,
      totalDays: 60,
    });
  });

  it("releases a held share once the member has an IBAN, and nothing else", () => {
    expect(releasedStatus("HELD_NO_IBAN", false)).toBe("HELD_NO_IBAN");
    expect(releasedStatus("HELD_NO_IBAN", true)).toBe("PAYABLE");
    expect(releasedStatus("NO_BIRTH_DATE", true)).toBe("NO_BIRTH_DATE");
    expect(releasedStatus("PAYABLE", true)).toBe("PAYABLE");
  });

  it("distributes nothing when nobody is eligible", () => {
    const result = computeProfitShare({
      period: "2027-02",
      netProfit: 5_000,
      platformRate: 0.1,
      members: [member("minor", { birthDate: "2015-01-01" })],
    });
    expect(result.statements).toEqual([]);
    expect(result.summary).toMatchObject({
      distributable: 4_500,
      totalDays: 0,
      eligibleCount: 0,
      withoutIbanCount: 0,
    });
  });

  it("adds the statements up to the distributable amount to the kuruş", () => {
    const members = ["a", "b", "c"].map((id) => member(id));
    const result = computeProfitShare({
      period: "2026-12",
      netProfit: 100,
      platformRate: 0.1,
      members,
    });
    expect(result.statements.map((s) => s.amount)).toEqual([30, 30, 30]);
    const odd = computeProfitShare({
      period: "2026-12",
      netProfit: 100.01,
      platformRate: 0.1,
      members,
    });
    const total = odd.statements.reduce((sum, s) => sum + Math.round(s.amount * 100), 0);
    expect(total).toBe(Math.round(odd.summary.distributable * 100));
    expect(
      splitByDays(10, [
        { userId: "x", days: 1 },
        { userId: "y", days: 2 },
      ]),
    ).toEqual(
      new Map([
        ["x", 3],
        ["y", 7],
      ]),
    );
  });

  it("uses the rate it is given, and pays nothing out of a loss", () => {
    const at12 = computeProfitShare({
      period: "2026-11",
      netProfit: 1_000,
      platformRate: 0.125,
      members: [member("a")],
    });
    expect(at12.summary).toMatchObject({ platformAmount: 125, distributable: 875 });
    expect(at12.statements[0]!.amount).toBe(875);
    const loss = computeProfitShare({
      period: "2026-11",
      netProfit: -300,
      platformRate: 0.1,
      members: [member("a")],
    });
    expect(loss.summary).toMatchObject({ netProfit: 0, distributable: 0 });
    expect(loss.statements[0]!.amount).toBe(0);
    expect(() =>
      computeProfitShare({ period: "2026-11", netProfit: 1, platformRate: 10, members: [] }),
    ).toThrow(/rate/);
  });
});

describe("the profit rate", () => {
  it("defaults to 10% and refuses an invalid value", () => {
    expect(configuredProfitRate(null)).toBe(0.1);
    expect(configuredProfitRate({})).toBe(0.1);
    expect(configuredProfitRate({ profitRate: 0.15 })).toBe(0.15);
    expect(() => configuredProfitRate({ profitRate: 15 })).toThrow(/invalid/);
    expect(() => configuredProfitRate({ profitRate: "10%" })).toThrow(/invalid/);
  });

  it("owes an announcement when the rate differs from the one announced", () => {
    expect(pendingRateAnnouncement({ profitRate: 0.1, announcedProfitRate: 0.1 })).toBeNull();
    expect(pendingRateAnnouncement({ profitRate: 0.12, announcedProfitRate: 0.1 })).toEqual({
      from: 0.1,
      to: 0.12,
    });
    expect(pendingRateAnnouncement({ profitRate: 0.12 })).toEqual({ from: 0.1, to: 0.12 });
    expect(pendingRateAnnouncement({ profitRate: 0.1 })).toBeNull();
    expect(pendingRateAnnouncement({ profitRate: 12, announcedProfitRate: 0.1 })).toBeNull();
  });

  it("writes a rate the Turkish way", () => {
    expect(formatRateTr(0.1)).toBe("%10");
    expect(formatRateTr(0.125)).toBe("%12,5");
  });
});
