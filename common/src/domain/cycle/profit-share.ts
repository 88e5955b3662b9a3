/**
 * The monthly profit share (docs/product-rules.md#profit-share-computation). On the 15th, for the previous month: the
 * platform keeps its rate of the net profit; the rest is split by working days among Juniors
 * aged 18 or over on the payout date (a share without an IBAN is held for its member). Pure: amounts in kuruş (integers) so the
 * statements add up to the distributable amount exactly.
 */
import { daysInMonth, istanbulParts, istanbulTime, pad } from "../business-time.js";

/** The platform's share of net profit unless `config/platform` says otherwise (docs/product-rules.md#profit-rate). */
export const DEFAULT_PROFIT_RATE = 0.1;
/** The volunteer profit share goes only to Juniors of this age or over (docs/product-rules.md#profit-share-eligibility). */
export const PROFIT_SHARE_MIN_AGE = 18;
/** Day of the month the previous month is computed and paid (docs/product-rules.md#profit-share-computation). */
export const PAYOUT_DAY = 15;

export interface Period {
  id: string;
  year: number;
  month: number;
  days: number;
  /** First instant of the month, Istanbul. */
  start: Date;
  /** First instant of the next month, Istanbul. */
  end: Date;
}

export function parsePeriod(id: string): Period {
  const match = /^(\d{4})-(\d{2})$/.exec(id);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new Error(`not a payout period: ${id}`);
  return {
    id,
    year,
    month,
    days: daysInMonth(year, month),
    start: istanbulTime(year, month, 1),
    end: istanbulTime(year, month + 1, 1),
  };
}

/** "YYYY-MM" of the month before the one containing `now` (Istanbul). */
export function previousPeriod(now: Date): string {
  const p = istanbulParts(now);
  const year = p.month === 1 ? p.year - 1 : p.year;
  const month = p.month === 1 ? 12 : p.month - 1;
  return `${year}-${pad(month)}`;
}

/** The payout date of a period: the 15th of the following month, 00:00 Istanbul. */
export function payoutDate(periodId: string): Date {
  const p = parsePeriod(periodId);
  return istanbulTime(p.year, p.month + 1, PAYOUT_DAY);
}

/** May the period be computed at `now` (from its payout date on)? */
export function isPayoutDue(periodId: string, now: Date): boolean {
  return now.getTime() >= payoutDate(periodId).getTime();
}

/** Completed years of age on a calendar date; null when the birth date is unknown or malformed. */
export function ageOn(birthDate: string, on: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? "");
  if (!match) return null;
  const [by, bm, bd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = istanbulParts(on);
  const hadBirthday = d.month > bm || (d.month === bm && d.day >= bd);
  return d.year - by - (hadBirthday ? 0 : 1);
}

export interface Stint {
  joinedAt: Date;
  leftAt: Date | null;
}

/** Days since the epoch of the Istanbul calendar date of an instant. */
function dayNumber(instant: Date): number {
  const p = istanbulParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;
}

/**
 * Working days of a member in a period, counted from the join date as docs/product-rules.md#profit-share-days does (joined on
 * the 15th of a 30-day month: 15 days): the join day itself does not count, every later day of
 * membership does, the day of leaving included. Several stints (another project after leaving
 * one) add up without counting a day twice.
 */
export function workingDays(periodId: string, stints: readonly Stint[]): number {
  const period = parsePeriod(periodId);
  const first = Date.UTC(period.year, period.month - 1, 1) / 86_400_000;
  const last = first + period.days - 1;
  const counted = new Set<number>();
  for (const s of stints) {
    const from = Math.max(first, dayNumber(s.joinedAt) + 1);
    const to = Math.min(last, s.leftAt ? dayNumber(s.leftAt) : last);
    for (let d = from; d <= to; d++) counted.add(d);
  }
  return counted.size;
}

export interface ShareCandidate {
  userId: string;
  /** The member's type in the memberships of the period: only Juniors share (docs/product-rules.md#profit-share-eligibility). */
  type: "JUNIOR" | "SENIOR";
  birthDate: string;
  hasIban: boolean;
  stints: readonly Stint[];
}

/**
 * Where a statement stands: PAYABLE (to the member's IBAN), HELD_NO_IBAN (the share is computed
 * and kept for the member, out of everyone else's, until an IBAN is saved; then it becomes
 * PAYABLE), NO_BIRTH_DATE (a Junior with working days whose age is unknown: no share, and the
 * statement says why).
 */
export const STATEMENT_STATUSES = ["PAYABLE", "HELD_NO_IBAN", "NO_BIRTH_DATE"] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export interface ShareStatement {
  userId: string;
  days: number;
  /** Fraction of the distributable amount (0 without a share). */
  share: number;
  /** In Turkish lira, two decimals (the same amount as `amountKurus`). */
  amount: number;
  /** The amount in kuruş, an integer: what the statements add up with. */
  amountKurus: number;
  ibanStatus: "PRESENT" | "MISSING";
  status: StatementStatus;
}

export interface ShareSummary {
  period: string;
  netProfit: number;
  platformRate: number;
  platformAmount: number;
  distributable: number;
  /** Working days of the members who have a share (paid now or held). */
  totalDays: number;
  /** Members who have a share (18+, Junior, at least one day), IBAN or not. */
  eligibleCount: number;
  /** Members whose share is held until they save an IBAN. */
  withoutIbanCount: number;
  /** The held shares, in lira. */
  heldAmount: number;
  /** Juniors with working days whose birth date is unknown. */
  noBirthDateCount: number;
}

export interface ProfitShare {
  summary: ShareSummary;
  statements: ShareStatement[];
}

const toKurus = (lira: number) => Math.round(lira * 100);
const toLira = (kurus: number) => kurus / 100;

/**
 * The month's statements and summary. Every Junior aged 18 or over on the payout date with at
 * least one working day has a share by days; a member without an IBAN keeps theirs, held
 * (HELD_NO_IBAN), instead of it going to the others. A Junior with days but no known birth date
 * gets a statement saying so (NO_BIRTH_DATE) and no share. Under-18s, Seniors and members without
 * a day in the month get none.
 */
export function computeProfitShare(input: {
  period: string;
  netProfit: number;
  platformRate: number;
  members: readonly ShareCandidate[];
}): ProfitShare {
  if (!isValidProfitRate(input.platformRate)) {
    throw new Error(`invalid profit rate: ${input.platformRate}`);
  }
  const paidOn = payoutDate(input.period);
  const netKurus = Math.max(0, toKurus(input.netProfit));
  const platformKurus = Math.round(netKurus * input.platformRate);
  const distributableKurus = netKurus - platformKurus;

  const juniors = input.members
    .filter((m) => m.type === "JUNIOR")
    .map((m) => ({
      ...m,
      age: ageOn(m.birthDate, paidOn),
      days: workingDays(input.period, m.stints),
    }))
    .filter((m) => m.days > 0)
    .sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const adults = juniors.filter((m) => m.age !== null && m.age >= PROFIT_SHARE_MIN_AGE);
  const unknownAge = juniors.filter((m) => m.age === null);
  const totalDays = adults.reduce((sum, m) => sum + m.days, 0);
  const amounts = splitByDays(
    distributableKurus,
    adults.map((m) => ({ userId: m.userId, days: m.days })),
  );

  const statements: ShareStatement[] = [
    ...adults.map((m): ShareStatement => {
      const kurus = amounts.get(m.userId) ?? 0;
      return {
        userId: m.userId,
        days: m.days,
        share: totalDays > 0 ? m.days / totalDays : 0,
        amount: toLira(kurus),
        amountKurus: kurus,
        ibanStatus: m.hasIban ? "PRESENT" : "MISSING",
        status: m.hasIban ? "PAYABLE" : "HELD_NO_IBAN",
      };
    }),
    ...unknownAge.map((m): ShareStatement => ({
      userId: m.userId,
      days: m.days,
      share: 0,
      amount: 0,
      amountKurus: 0,
      ibanStatus: m.hasIban ? "PRESENT" : "MISSING",
      status: "NO_BIRTH_DATE",
    })),
  ].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const held = statements.filter((s) => s.status === "HELD_NO_IBAN");
  return {
    summary: {
      period: input.period,
      netProfit: toLira(netKurus),
      platformRate: input.platformRate,
      platformAmount: toLira(platformKurus),
      distributable: toLira(distributableKurus),
      totalDays,
      eligibleCount: adults.length,
      withoutIbanCount: held.length,
      heldAmount: toLira(held.reduce((sum, s) => sum + s.amountKurus, 0)),
      noBirthDateCount: unknownAge.length,
    },
    statements,
  };
}

/**
 * A held statement is released (becomes PAYABLE) once its member has a valid IBAN: the daily
 * run after the IBAN was saved. Anything else stays as it is.
 */
export function releasedStatus(status: StatementStatus, hasIban: boolean): StatementStatus {
  return status === "HELD_NO_IBAN" && hasIban ? "PAYABLE" : status;
}

/**
 * Splits an amount of kuruş in proportion to days: everyone gets the floor of their exact share,
 * the kuruş left over go one each to the largest remainders (ties: smaller user id), so the parts
 * always add up to the whole.
 */
export function splitByDays(
  totalKurus: number,
  members: readonly { userId: string; days: number }[],
): Map<string, number> {
  const totalDays = members.reduce((sum, m) => sum + m.days, 0);
  const result = new Map<string, number>();
  if (totalDays === 0) return result;
  const parts = members.map((m) => {
    const exact = (totalKurus * m.days) / totalDays;
    return { userId: m.userId, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = totalKurus - parts.reduce((sum, p) => sum + p.floor, 0);
  const byRemainder = [...parts].sort(
    (a, b) => b.remainder - a.remainder || (a.userId < b.userId ? -1 : 1),
  );
  for (const p of byRemainder) {
    result.set(p.userId, p.floor + (left > 0 ? 1 : 0));
    if (left > 0) left--;
  }
  return result;
}

/** A rate is a fraction of net profit: 0.1 for 10%. */
export function isValidProfitRate(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
}

/**
 * The rate to use from `config/platform`: the default when none is set; an invalid value is an
 * error rather than a silent default, since money depends on it.
 */
export function configuredProfitRate(config: { profitRate?: unknown } | null | undefined): number {
  const value = config?.profitRate;
  if (value === undefined || value === null) return DEFAULT_PROFIT_RATE;
  if (!isValidProfitRate(value))
    throw new Error(`config/platform.profitRate is invalid: ${String(value)}`);
  return value;
}

/**
 * The announcement owed to members when an admin changed the rate in the console (docs/product-rules.md#profit-rate):
 * the new rate when it differs from the one last announced, else null. An invalid rate is not
 * announced.
 */
export function pendingRateAnnouncement(
  config: { profitRate?: unknown; announcedProfitRate?: unknown } | null | undefined,
): { from: number; to: number } | null {
  const to = config?.profitRate ?? DEFAULT_PROFIT_RATE;
  if (!isValidProfitRate(to)) return null;
  const announced = config?.announcedProfitRate;
  const from = isValidProfitRate(announced) ? announced : DEFAULT_PROFIT_RATE;
  if (isValidProfitRate(announced) ? announced === to : to === DEFAULT_PROFIT_RATE) return null;
  return { from, to };
}

/** A rate as Turkish writes a percentage: 0.1 → "%10", 0.125 → "%12,5". */
export function formatRateTr(rate: number): string {
  const percent = Math.round(rate * 10_000) / 100;
  return `%${String(percent).replace(".", ",")}`;
}
