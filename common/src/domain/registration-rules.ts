/**
 * The e-mail code of sign-up step 2 (design §4): six digits, valid 10 minutes, 5 attempts, a new
 * code at most once a minute. Pure: `now` and the random source come in.
 */

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60 * 1000;

/** A code of CODE_LENGTH digits; `randomInt(n)` returns an integer in [0, n). */
export function generateCode(randomInt: (max: number) => number): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += String(randomInt(10));
  return code;
}

export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}

/** Whether a code may still be checked, before comparing it. */
export function codeCheckState(
  reg: { codeExpiresAt: Date; attempts: number; verified: boolean },
  now: Date,
): "VERIFIED" | "EXPIRED" | "TOO_MANY_ATTEMPTS" | "CHECKABLE" {
  if (reg.verified) return "VERIFIED";
  if (reg.attempts >= MAX_CODE_ATTEMPTS) return "TOO_MANY_ATTEMPTS";
  if (now.getTime() >= reg.codeExpiresAt.getTime()) return "EXPIRED";
  return "CHECKABLE";
}

/** Seconds to wait before another code may be sent (0 = now). */
export function resendWaitSeconds(lastSentAt: Date, now: Date): number {
  const wait = lastSentAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** The document id of a registration: the lower-cased e-mail, safe as a Firestore id. */
export function registrationKey(email: string): string {
  return encodeURIComponent(email.trim().toLowerCase());
}
