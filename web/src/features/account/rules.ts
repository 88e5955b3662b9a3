/**
 * Pure rules of the own account page (docs/product-rules.md#screen-account, #photo-rules), ahead of its screens: the photo checks,
 * the date and address fields, the language and social rows, the section-shaped PATCH /users
 * bodies, the project menu and the hash scrolling.
 */
import {
  IMAGE_TYPES,
  SOCIAL_NETWORKS,
  imageFileError,
  BIRTH_YEAR_SPAN,
  normalizeEduCert,
  profileFieldError,
  istanbulParts,
  messages,
  sameEmail,
  type Gender,
  type LanguageSkill,
  type Named,
  type SocialNetwork,
} from "@platform/common";
import { countsAsInProject, type ProjectMembership } from "../../lib/projectRules";

// ---- photo ----------------------------------------------------------------------------------

export const PHOTO_TYPES = IMAGE_TYPES;

/** The docs/product-rules.md#photo-rules photo checks, in order: the user id, the type, the size. Null when the file may go. */
export function photoError(
  file: { size: number; type: string },
  userId: string | null,
): string | null {
  if (!userId) return messages.images.userIdMissing;
  return imageFileError(file);
}

/** A safe object name for the upload: time first, then the file's own name without odd signs. */
export function photoObjectName(fileName: string, now: number): string {
  const clean = fileName.replace(/[^A-Za-z0-9._-]/g, "_").slice(-80) || "foto";
  return `${now}-${clean}`;
}

/**
 * Deleting the photo: 200/204 deleted, 404 already gone — both count as success (docs/product-rules.md#photo-rules); another
 * status is refused ('Resim silinemedi'), no answer at all (status 0) an error while deleting.
 */
export function photoDeleteOutcome(status: number): { ok: boolean; message: string } {
  if (status === 200 || status === 204) return { ok: true, message: messages.images.deleteSuccess };
  if (status === 404) return { ok: true, message: messages.images.deleteAlreadyGone };
  if (status === 0) return { ok: false, message: messages.images.deleteError };
  return { ok: false, message: messages.images.deleteFailed };
}

/** Nothing recorded to delete: said so, not reported as a success (docs/product-rules.md#photo-rules). */
export const NO_PHOTO_TO_DELETE = { ok: false, message: messages.images.deleteNotFound } as const;

/**
 * The text of a failed upload (docs/product-rules.md#photo-rules): the file never reached Storage → 'Resim yüklenemedi';
 * the API recording it did not answer → 'Sunucudan yanıt alınamadı'; the API refused → its
 * message, else 'Fotoğraf yüklenemedi!'.
 */
export function photoUploadErrorMessage(error: unknown): string {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    noResponse?: unknown;
    body?: unknown;
  };
  if (typeof e.code === "string" && e.code.startsWith("storage/")) {
    return messages.images.uploadFailedGeneric;
  }
  if (e.noResponse === true) return messages.images.noResponse;
  const server = (e.body as { message?: unknown } | undefined)?.message;
  return typeof server === "string" && server.trim() ? server : messages.images.uploadFailed;
}

// ---- personal information -------------------------------------------------------------------

/** Stored "country - city" split back into the two selects. */
export function splitAddress(address: string): { country: string; city: string } {
  const [country = "", ...rest] = address.split(" - ");
  return { country: country.trim(), city: rest.join(" - ").trim() };
}

const joinAddress = (country: string, city: string) =>
  [country.trim(), city.trim()].filter(Boolean).join(" - ");

/** A country change clears the city (docs/product-rules.md#profile-address). */
export function changeCountry(
  value: { country: string; city: string },
  country: string,
): { country: string; city: string } {
  return country === value.country ? value : { country, city: "" };
}

/** The year dropdown: this year and the 99 before it, newest first (Istanbul calendar). */
export function birthYearOptions(now: Date): number[] {
  const year = istanbulParts(now).year;
  return Array.from({ length: BIRTH_YEAR_SPAN }, (_, i) => year - i);
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** The month dropdown: "01"–"12", only up to this month in the current year (no future dates). */
export function birthMonthOptions(year: string, now: Date): string[] {
  const today = istanbulParts(now);
  const last = Number(year) === today.year ? today.month : 12;
  return Array.from({ length: last }, (_, i) => twoDigits(i + 1));
}

/**
 * The day dropdown: the days of the chosen month (31 until one is chosen), only up to today in
 * the current month (no future dates).
 */
export function birthDayOptions(year: string, month: string, now: Date): string[] {
  const today = istanbulParts(now);
  const y = Number(year) || 2000; // a leap year until one is chosen, so 29 February stays
  const m = Number(month);
  let last = m ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 31;
  if (y === today.year && m === today.month) last = Math.min(last, today.day);
  return Array.from({ length: last }, (_, i) => twoDigits(i + 1));
}

/**
 * The birth date's check before saving (the API's own field rule): a chosen date must exist and
 * lie within the last 100 years up to today; none chosen at all clears it.
 */
export function birthDateError(day: string, month: string, year: string, now: Date): string | null {
  if (!day && !month && !year) return null;
  const value = birthDateValue(day, month, year);
  if (!value) return messages.users.birthDateInvalid;
  return profileFieldError("birthDate", value, now);
}

/** dd/MM/yyyy from the three birth-date selects; '' until all three are chosen. */
export function birthDateValue(day: string, month: string, year: string): string {
  if (!day || !month || !year) return "";
  return `${day.padStart(2, "0")}/${month.padStart(2, "0")}/${year}`;
}

/** The three selects of a stored "yyyy-MM-dd". */
export function birthDateParts(stored: string): { day: string; month: string; year: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(stored);
  return m ? { day: m[3]!, month: m[2]!, year: m[1]! } : { day: "", month: "", year: "" };
}

export { formatBirthDate } from "../../lib/format";

/** Telephone field: digits only are kept as the member types (docs/product-rules.md#profile-telephone). */
export const digitsOnly = (value: string) => value.replace(/\D/g, "");

// ---- lists ----------------------------------------------------------------------------------

export interface LanguageRow {
  language: string;
  level: string;
}

/** A language row can be removed only while more than one exists (docs/product-rules.md#profile-update-sections). */
export const canRemoveLanguageRow = (rows: readonly LanguageRow[]) => rows.length > 1;

/** Rows with an empty language or level are dropped on save (docs/product-rules.md#profile-update-sections). */
export function languagesToSave(rows: readonly LanguageRow[]): LanguageSkill[] {
  return rows
    .map((r) => ({ language: r.language.trim(), level: r.level.trim() }))
    .filter((r) => r.language !== "" && r.level !== "") as LanguageSkill[];
}

/** The address saved for a network in `social_medias` ("github:https://…"), or '' when none. */
export function socialAddress(list: readonly string[], network: SocialNetwork): string {
  const prefix = `${network}:`;
  const entry = list.find((s) => s.toLowerCase().startsWith(prefix));
  return entry ? entry.slice(prefix.length).trim() : "";
}

/** What the page shows for a network: the address, or '--' when empty (docs/product-rules.md#screen-account). */
export const socialDisplay = (list: readonly string[], network: SocialNetwork) =>
  socialAddress(list, network) || "--";

/** Only filled links are saved (docs/product-rules.md#profile-update-sections). */
export function socialToSave(values: Partial<Record<SocialNetwork, string>>): string[] {
  return SOCIAL_NETWORKS.flatMap((n) => {
    const address = (values[n] ?? "").trim();
    return address ? [`${n}:${address}`] : [];
  });
}

/** Education and certificates: trimmed, empty entries ignored (docs/product-rules.md#profile-update-sections). */
export const eduCertToSave = (entries: readonly string[]) => normalizeEduCert(entries);

// ---- PATCH /users bodies (docs/product-rules.md#api-calls) ----------------------------------------------------------

export function personalDataBody(v: {
  name: string;
  gender: Gender | null;
  birthDate: string;
  country: string;
  city: string;
  position: string;
}) {
  return {
    personalData: {
      name: v.name.trim(),
      gender: v.gender,
      birthDate: v.birthDate,
      address: joinAddress(v.country, v.city),
      // the position is sent only when one is chosen (it cannot be cleared)
      ...(v.position ? { position: { name: v.position } } : {}),
    },
  };
}

/** A changed e-mail is no longer verified; an unchanged one keeps its state (docs/product-rules.md#email-change). */
/** Whether the address in the form is another one than the member's (case and spaces aside). */
export const emailChanged = (entered: string, current: string) => !sameEmail(entered, current);

export function contactDataBody(
  v: { email: string; telephone: string },
  current: { email: string; isEmailVerified: boolean },
) {
  const email = v.email.trim();
  const changed = emailChanged(email, current.email);
  return {
    contactData: {
      email,
      telephone: digitsOnly(v.telephone),
      isEmailVerified: changed ? false : current.isEmailVerified,
    },
  };
}

export const skillsBody = (names: readonly string[]) => ({
  skills: names.map((name) => ({ name }) as Named),
});

// ---- projects and navigation ----------------------------------------------------------------

/** The project menu ('Düzenle', 'Ayrıl') exists only on an Ongoing project (docs/product-rules.md#screen-account). */
export const hasProjectMenu = (status: string) => status === "Ongoing";

/**
 * The role (position) select is locked while the member is in a project (docs/product-rules.md#profile-position-lock) — a pending
 * application counts as being in one (docs/product-rules.md#one-project).
 */
export const positionLocked = (
  currentProjectId: string | null | undefined,
  activeApplication: ProjectMembership["activeApplication"] = null,
) => countsAsInProject({ currentProjectId, activeApplication });

export const SCROLL_OFFSET_PX = 100;
export const SCROLL_DELAY_MS = 500;

/** The section a hash of the account page scrolls to. */
export function hashTarget(
  hash: string,
): "anketOylamasi" | "geriBildirimler" | "kazanclarim" | null {
  const id = hash.replace(/^#/, "");
  return id === "anketOylamasi" || id === "geriBildirimler" || id === "kazanclarim" ? id : null;
}

/** The survey section shows only on a Junior's own page (docs/product-rules.md#screen-account). */
export const showsSurvey = (type: string, ownPage: boolean) => type === "JUNIOR" && ownPage;

/**
 * The outcome the e-mail confirmation link reports on its way back (`?emailVerified=true|false`):
 * confirmed, or a link that no longer works; null when the address carries none.
 */
export function emailVerificationOutcome(search: string): "confirmed" | "expired" | null {
  const value = new URLSearchParams(search).get("emailVerified");
  if (value === "true") return "confirmed";
  if (value === "false") return "expired";
  return null;
}
