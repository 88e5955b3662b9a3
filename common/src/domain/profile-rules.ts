/**
 * Normalisation of the profile sections a member saves (docs/product-rules.md#profile-update-sections): lists are always lists, empty
 * language rows and education entries are dropped, social links are kept only when filled, the
 * birth date is a past calendar date and the telephone is digits only. Pure functions; the
 * current time comes in as `now`.
 */
import { LANGUAGE_LEVELS, SOCIAL_NETWORKS } from "../model/enums.js";
import { websiteError } from "../rules/website.js";
import type { LanguageLevel, SocialNetwork } from "../model/enums.js";
import type { LanguageSkill, Named } from "../model/documents.js";
import { istanbulParts, pad } from "./business-time.js";
import { messages } from "../messages.js";

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/** A list field: the list itself, or an empty list when the value is not a list (docs/product-rules.md#profile-update-sections). */
export function toList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return "";
}

/** Skills as `{name}` objects, from strings or objects; blanks and repeats dropped. */
export function normalizeNamedList(value: unknown): Named[] {
  const seen = new Set<string>();
  const out: Named[] = [];
  for (const item of toList(value)) {
    const name =
      typeof item === "object" && item !== null
        ? text((item as { name?: unknown }).name)
        : text(item);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push({ name });
  }
  return out;
}

/** Language rows without a language or a level are dropped (docs/product-rules.md#profile-update-sections). */
export function normalizeLanguages(value: unknown): Result<LanguageSkill[]> {
  const out: LanguageSkill[] = [];
  const seen = new Set<string>();
  for (const item of toList(value)) {
    if (typeof item !== "object" || item === null) continue;
    const language = text((item as { language?: unknown }).language);
    const level = text((item as { level?: unknown }).level);
    if (!language || !level) continue;
    if (!(LANGUAGE_LEVELS as readonly string[]).includes(level)) {
      return { ok: false, message: messages.users.languageLevel };
    }
    if (seen.has(language)) continue;
    seen.add(language);
    out.push({ language, level: level as LanguageLevel });
  }
  return { ok: true, value: out };
}

/** Education and certificate entries trimmed; empty ones ignored (docs/product-rules.md#profile-update-sections). */
export function normalizeEduCert(value: unknown): string[] {
  return toList(value)
    .map(text)
    .filter((entry) => entry.length > 0);
}

/**
 * Social links as "network:address" strings (docs/product-rules.md#profile-fields), only the filled ones (docs/product-rules.md#profile-update-sections), one per
 * network (the last one given wins). Unknown networks are refused.
 */
export function normalizeSocialMedias(value: unknown): Result<string[]> {
  const byNetwork = new Map<SocialNetwork, string>();
  for (const item of toList(value)) {
    const entry = text(item);
    if (!entry) continue;
    const colon = entry.indexOf(":");
    const network = (colon < 0 ? entry : entry.slice(0, colon)).trim().toLowerCase();
    const address = colon < 0 ? "" : entry.slice(colon + 1).trim();
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      return { ok: false, message: messages.users.socialInvalid };
    }
    if (!address) continue;
    const websiteProblem = network === "website" ? websiteError(address) : null;
    if (websiteProblem) return { ok: false, message: websiteProblem };
    byNetwork.set(network as SocialNetwork, `${network}:${address}`);
  }
  return {
    ok: true,
    value: SOCIAL_NETWORKS.flatMap((n) => (byNetwork.has(n) ? [byNetwork.get(n)!] : [])),
  };
}

/** The birth-date year dropdown spans this many years, this year included (docs/product-rules.md#profile-birth-date). */
export const BIRTH_YEAR_SPAN = 100;

/**
 * The bounds of a birth date (docs/product-rules.md#profile-birth-date): not after today, not before 1 January of the oldest year
 * of the dropdown — both Istanbul calendar days, as "yyyy-MM-dd".
 */
export function birthDateBounds(now: Date): { min: string; max: string } {
  const today = istanbulParts(now);
  return {
    min: `${today.year - BIRTH_YEAR_SPAN + 1}-01-01`,
    max: `${today.year}-${pad(today.month)}-${pad(today.day)}`,
  };
}

/** Null when a valid calendar date "yyyy-MM-dd" lies within the bounds, else the text to show. */
export function birthDateBoundsError(iso: string, now: Date): string | null {
  const { min, max } = birthDateBounds(now);
  if (iso > max) return messages.users.birthDateFuture;
  if (iso < min) return messages.users.birthDateTooOld;
  return null;
}

/**
 * A birth date given as dd/MM/yyyy (the form's format), yyyy-MM-dd or an ISO date-time, stored as
 * "yyyy-MM-dd". Empty clears it. Within `birthDateBounds`: not in the future (Istanbul calendar day
 * of `now`), not before the 100-year dropdown.
 */
export function parseBirthDate(value: unknown, now: Date): Result<string> {
  const raw = text(value);
  if (!raw) return { ok: true, value: "" };
  let y: number, m: number, d: number;
  let match = /^(\d{2})[/.](\d{2})[/.](\d{4})$/.exec(raw);
  if (match) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return { ok: false, message: messages.users.birthDateInvalid };
  }
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    return { ok: false, message: messages.users.birthDateInvalid };
  }
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  const outOfBounds = birthDateBoundsError(iso, now);
  if (outOfBounds) return { ok: false, message: outOfBounds };
  return { ok: true, value: iso };
}

/** Telephone: digits only (docs/product-rules.md#profile-telephone), at most 15 (E.164 length). Empty clears it. */
export function normalizeTelephone(value: unknown): Result<string> {
  const raw = text(value);
  if (!/^\d{0,15}$/.test(raw)) return { ok: false, message: messages.users.telephoneDigits };
  return { ok: true, value: raw };
}

/** "country - city" (docs/product-rules.md#profile-address). Objects {country, city} are joined the same way. */
export function normalizeAddress(value: unknown): string {
  if (typeof value === "object" && value !== null) {
    const country = text((value as { country?: unknown }).country);
    const city = text((value as { city?: unknown }).city);
    return [country, city].filter(Boolean).join(" - ");
  }
  return text(value)
    .split(" - ")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" - ");
}
