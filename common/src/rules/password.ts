/**
 * The rule for a password a member chooses (sign-up and reset alike): 8 to 128 characters, only
 * the length is checked (docs/product-rules.md#registration-steps). The texts differ by screen: the reset screen's text (docs/product-rules.md#password-reset) names the
 * rule as a whole, sign-up says which bound was missed.
 */
import { messages } from "../messages.js";

export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export interface PasswordTexts {
  required: string;
  tooShort: string;
  tooLong: string;
}

export const SIGN_UP_PASSWORD_TEXTS: PasswordTexts = {
  required: messages.auth.passwordRequired,
  tooShort: messages.auth.passwordMinLength,
  tooLong: messages.auth.passwordMaxLength,
};

export const NEW_PASSWORD_TEXTS: PasswordTexts = {
  required: messages.auth.passwordRule,
  tooShort: messages.auth.passwordRule,
  tooLong: messages.auth.passwordRule,
};

/** Null when `value` may be a password, else the text of the first bound it misses. */
export function passwordError(
  value: unknown,
  texts: PasswordTexts = SIGN_UP_PASSWORD_TEXTS,
): string | null {
  if (typeof value !== "string") return texts.required;
  if (value.length < PASSWORD_LENGTH.min) return texts.tooShort;
  if (value.length > PASSWORD_LENGTH.max) return texts.tooLong;
  return null;
}
