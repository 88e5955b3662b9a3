/**
 * A member's name and surname: written in Turkish title case (docs/product-rules.md#registration-steps) and 2 to 80 characters
 * once written so; the same in the sign-up form, the profile modal and the API.
 */
import { messages } from "../messages.js";
import { toTitleCaseTr } from "../text/turkish.js";

export const NAME_LENGTH = { min: 2, max: 80 } as const;

/** The name as it is stored (not a string: empty, which the length rule then refuses). */
export const normalizeName = (value: unknown): string =>
  typeof value === "string" ? toTitleCaseTr(value) : "";

/** Null when the (normalised) name may be saved, else the text to show. */
export function nameError(value: unknown): string | null {
  const name = normalizeName(value);
  if (name.length < NAME_LENGTH.min) return messages.users.nameRequired;
  if (name.length > NAME_LENGTH.max) return messages.users.nameTooLong;
  return null;
}
