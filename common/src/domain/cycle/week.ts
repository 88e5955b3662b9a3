/**
 * The moments of the platform week (docs/product-rules.md#weekly-rhythm): go-live and vote opening on Friday 12:00, vote
 * closing at the end of Friday 23:59 (Saturday 00:00), all in Istanbul time. Pure: `now` comes in.
 */
import { addDays, istanbulParts, istanbulTime, weekId, weekStart } from "../business-time.js";

const MINUTE_MS = 60 * 1000;

/**
 * The vote of a week runs "Friday 12:00 to 23:59" (docs/product-rules.md#votes-weekly-window), the minute 23:59 included: answers
 * are accepted up to Saturday 00:00, 12 hours after it opens, when the closing run counts them.
 */
export const VOTE_OPEN_MINUTES = 12 * 60;

export interface VoteWeek {
  weekId: string;
  opensAt: Date;
  closesAt: Date;
}

/** The vote of the week that starts on `friday` (Friday 12:00). */
export function voteWeekStartingAt(friday: Date): VoteWeek {
  return {
    weekId: weekId(friday),
    opensAt: friday,
    closesAt: new Date(friday.getTime() + VOTE_OPEN_MINUTES * MINUTE_MS),
  };
}

/** The vote of the platform week containing `now` (open or not). */
export function voteWeekOf(now: Date): VoteWeek {
  return voteWeekStartingAt(weekStart(now));
}

/** The vote of a week id ("2026-11-20", the Friday it starts on). */
export function voteWeekById(id: string): VoteWeek {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(id);
  if (!match) throw new Error(`not a week id: ${id}`);
  const friday = istanbulTime(Number(match[1]), Number(match[2]), Number(match[3]), 12);
  if (istanbulParts(friday).weekday !== 5) throw new Error(`week id is not a Friday: ${id}`);
  return voteWeekStartingAt(friday);
}

/** Is the week's vote open at `now`: from Friday 12:00 up to, not including, Saturday 00:00. */
export function isVoteOpen(now: Date): boolean {
  const week = voteWeekOf(now);
  return now.getTime() >= week.opensAt.getTime() && now.getTime() < week.closesAt.getTime();
}

/**
 * The latest week whose vote has closed by `now`: this week's from Saturday 00:00 on, last
 * week's before that.
 */
export function lastClosedVoteWeek(now: Date): VoteWeek {
  const current = voteWeekOf(now);
  if (now.getTime() >= current.closesAt.getTime()) return current;
  return voteWeekStartingAt(addDays(current.opensAt, -7));
}

/** The whole minute at or before `instant`: job times are kept to the minute. */
export function floorToMinute(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS);
}
