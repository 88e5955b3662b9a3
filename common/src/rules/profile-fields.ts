/**
 * The rule of every field a member saves in a profile section (docs/product-rules.md#profile-update-sections),
 * one function each: the value as it is stored, or the Turkish text that refuses it. `PATCH /users`
 * applies them after the body's zod shape (common/src/api/profile-body.ts), and the account page's
 * section forms run the same functions before sending, so the page and the API cannot disagree.
 * Pure; the clock comes in as `now` (the birth date may not lie in the future).
 */
import { GENDERS, type Gender } from "../model/enums.js";
import type { LanguageSkill, Named } from "../model/documents.js";
import { messages } from "../messages.js";
import { foldEmail } from "../text/email.js";
import { ibanError, normalizeIban } from "../domain/iban.js";
import {
  type Result,
  normalizeAddress,
  normalizeEduCert,
  normalizeLanguages,
  normalizeNamedList,
  normalizeSocialMedias,
  normalizeTelephone,
  parseBirthDate,
} from "../domain/profile-rules.js";
import { PROFILE_LIMITS } from "../domain/profile-limits.js";
import { emailError } from "./email.js";
import { nameError, normalizeName } from "./name.js";

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const refused = (message: string): Result<never> => ({ ok: false, message });

/** An empty gender clears it; otherwise one of GENDERS, in any case. */
function gender(value: unknown): Result<Gender | null> {
  const g = typeof value === "string" ? value.trim().toUpperCase() : value;
  if (g === "" || g === null) return ok(null);
  return (GENDERS as readonly unknown[]).includes(g)
    ? ok(g as Gender)
    : refused(messages.users.genderInvalid);
}

/** A position name, or an object carrying one; it cannot be cleared. */
function position(value: unknown): Result<Named> {
  const name =
    typeof value === "string"
      ? value.trim()
      : typeof value === "object" && value !== null && typeof (value as Named).name === "string"
        ? (value as Named).name.trim()
        : "";
  return name ? ok({ name }) : refused(messages.users.positionUnknown);
}

/** The contact address: required here, so an empty one is a malformed address, not a missing one. */
function email(value: unknown): Result<string> {
  const raw = typeof value === "string" ? value : "";
  const error = raw.trim() === "" ? messages.auth.emailInvalid : emailError(raw);
  return error ? refused(error) : ok(foldEmail(raw));
}

/** Format and ISO 13616 checksum, the rule of the payment section (PUT /users/me/iban); empty clears. */
function iban(value: unknown): Result<string> {
  const normalized = normalizeIban(value);
  const error = normalized ? ibanError(normalized) : null;
  return error ? refused(error) : ok(normalized);
}

export const profileFieldRules = {
  name: (value: unknown): Result<string> => {
    const error = nameError(value);
    return error ? refused(error) : ok(normalizeName(value));
  },
  gender,
  birthDate: (value: unknown, now: Date): Result<string> => parseBirthDate(value, now),
  address: (value: unknown): Result<string> =>
    ok(normalizeAddress(value).slice(0, PROFILE_LIMITS.address)),
  position,
  email,
  telephone: normalizeTelephone,
  iban,
  about: (value: unknown): Result<string> =>
    ok(typeof value === "string" ? value.trim().slice(0, PROFILE_LIMITS.about) : ""),
  skills: (value: unknown): Result<Named[]> => ok(normalizeNamedList(value)),
  languages: (value: unknown): Result<LanguageSkill[]> => normalizeLanguages(value),
  edu_cert: (value: unknown): Result<string[]> => ok(normalizeEduCert(value)),
  social_medias: (value: unknown): Result<string[]> => normalizeSocialMedias(value),
} satisfies Record<string, (value: unknown, now: Date) => Result<unknown>>;

export type ProfileField = keyof typeof profileFieldRules;

/** What a field's rule makes of `value` (the stored value, or the refusal). */
export type ProfileFieldResult<F extends ProfileField> = ReturnType<(typeof profileFieldRules)[F]>;

export function applyProfileFieldRule<F extends ProfileField>(
  field: F,
  value: unknown,
  now: Date,
): ProfileFieldResult<F> {
  const rule = profileFieldRules[field] as (value: unknown, now: Date) => Result<unknown>;
  return rule(value, now) as ProfileFieldResult<F>;
}

/** For a form's field: null when the API would take `value`, else the text it would answer with. */
export function profileFieldError(field: ProfileField, value: unknown, now: Date): string | null {
  const result = applyProfileFieldRule(field, value, now);
  return result.ok ? null : result.message;
}
