/**
 * Business time of the platform: Europe/Istanbul, UTC+3 all year (Türkiye has no DST since 2016).
 * Every rule takes `now` as an argument; nothing here reads the clock.
 */

export const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Wall-clock parts in Istanbul of an instant. */
export interface IstanbulParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 5 = Friday, 6 = Saturday */
  weekday: number;
}

export function istanbulParts(instant: Date): IstanbulParts {
  const shifted = new Date(instant.getTime() + ISTANBUL_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
  };
}

/** The instant of an Istanbul wall-clock time. */
export function istanbulTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - ISTANBUL_OFFSET_MS);
}

export function addHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + hours * 60 * 60 * 1000);
}

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/** Number of days in a month (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Friday 12:00 Istanbul at or before `now` (the start of the current platform week). */
export function weekStart(now: Date): Date {
  const p = istanbulParts(now);
  const daysSinceFriday = (p.weekday - 5 + 7) % 7;
  let start = istanbulTime(p.year, p.month, p.day - daysSinceFriday, 12);
  if (start.getTime() > now.getTime()) start = addDays(start, -7);
  return start;
}

/**
 * Id of the platform week containing `now`, named after the Friday it starts on:
 * "2026-11-20" for the week from Friday 20 November 12:00 to the next Friday 11:59:59.
 */
export function weekId(now: Date): string {
  const p = istanbulParts(weekStart(now));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "YYYY-MM" of the Istanbul calendar month containing `instant`. */
export function monthId(instant: Date): string {
  const p = istanbulParts(instant);
  return `${p.year}-${pad(p.month)}`;
}

export function pad(n: number): string {
  return String(n).padStart(2, "0");
}
