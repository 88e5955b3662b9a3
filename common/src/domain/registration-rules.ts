/**
 * The e-mail code of sign-up step 2 (docs/product-rules.md#registration-code): six digits, valid 10 minutes, 5 attempts, a new
 * code at most once a minute. Pure: `now` and the random source come in.
 */
import { foldEmail } from "../text/email.js";

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
  return encodeURIComponent(foldEmail(email));
}

/**
 * How long a registration stays open after its code is proven: only the browser that proved it
 * (holding the registration token of step 2) can finish it, and nobody can start the address over
 * until then. Afterwards step 1 may start again.
 */
export const REGISTRATION_TTL_MS = 60 * 60 * 1000;

/** The moment a registration proven at `verifiedAt` closes. */
export const registrationExpiry = (verifiedAt: Date) =>
  new Date(verifiedAt.getTime() + REGISTRATION_TTL_MS);

/**
 * Whether a registration is proven and still open: only the holder of its token may finish it and
 * nobody may start the address over. Registrations proven before `expiresAt` was recorded close
 * REGISTRATION_TTL_MS after their last code was sent.
 */
export function provenRegistrationOpen(
  reg: { verified: boolean; expiresAt: Date | null; lastSentAt: Date },
  now: Date,
): boolean {
  const closes = reg.expiresAt ?? registrationExpiry(reg.lastSentAt);
  return reg.verified && now.getTime() < closes.getTime();
}
