/**
 * Retention of queued mail: `mail/{id}` documents carry live password-reset links and e-mail
 * codes, so none is kept longer than 30 days after it was queued (`createdAt`). Pure: the clock
 * is an argument.
 */
import { addDays } from "../business-time.js";

export const MAIL_RETENTION_DAYS = 30;

/** Mail queued at or before this instant is due for deletion at `now`. */
export function mailPurgeCutoff(now: Date): Date {
  return addDays(now, -MAIL_RETENTION_DAYS);
}

/** Is mail queued at `queuedAt` due for deletion at `now`? Exactly 30 days old is. */
export function isMailExpired(queuedAt: Date, now: Date): boolean {
  return queuedAt.getTime() <= mailPurgeCutoff(now).getTime();
}
