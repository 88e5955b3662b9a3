/**
 * The e-mail rule of every form and endpoint: required, ASCII only, and the one address shape of
 * `isEmailAddress`. Returns the Turkish text to show, or null when the address may be used.
 */
import { messages } from "../messages.js";
import { isAsciiEmail, isEmailAddress } from "../text/email.js";

export function emailError(value: unknown): string | null {
  const raw = typeof value === "string" ? value.trim() : "";
  if (!raw) return messages.auth.emailRequired;
  if (!isAsciiEmail(raw)) return messages.auth.emailNotAscii;
  if (!isEmailAddress(raw)) return messages.auth.emailInvalid;
  return null;
}
