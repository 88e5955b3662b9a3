/**
 * KVKK (law 6698): how long the platform keeps what, how a deleted member is named in the records
 * others still need, and the versions of the legal texts a member accepts. Pure: the clock and any
 * randomness are arguments.
 */
import { addDays, addHours, istanbulParts, pad } from "./business-time.js";
import { MAIL_RETENTION_DAYS } from "./cycle/mail-retention.js";

/** The retention periods the legal texts promise and the daily `retention` job enforces. */
export const RETENTION = {
  /** An unfinished registration (no step 3) is deleted this many days after its last code. */
  registrationDays: 7,
  /** Queued mail (codes, reset links) is deleted this many days after it was queued. */
  mailDays: MAIL_RETENTION_DAYS,
  /** A Storage object that was uploaded but never recorded in `images` is deleted after this. */
  unrecordedUploadHours: 24,
  /** Pseudonymised payout statements are kept this long (accounting records, TTK md. 82). */
  statementYears: 10,
} as const;

/** A registration whose last code was sent at or before this instant is abandoned at `now`. */
export function registrationRetentionCutoff(now: Date): Date {
  return addDays(now, -RETENTION.registrationDays);
}

/** Is an unfinished registration last active at `lastActivity` due for deletion at `now`? */
export function isRegistrationAbandoned(lastActivity: Date, now: Date): boolean {
  return lastActivity.getTime() <= registrationRetentionCutoff(now).getTime();
}

/** A limit counter or Idempotency-Key record is due once its `expiresAt` has passed. */
export function isRecordExpired(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() <= now.getTime();
}

/** An upload created at or before this instant and still not recorded is due at `now`. */
export function unrecordedUploadCutoff(now: Date): Date {
  return addHours(now, -RETENTION.unrecordedUploadHours);
}

/** Is a Storage object uploaded at `uploadedAt` and never recorded due for deletion at `now`? */
export function isUnrecordedUploadExpired(uploadedAt: Date, now: Date): boolean {
  return uploadedAt.getTime() <= unrecordedUploadCutoff(now).getTime();
}

/** How a deleted member's authorship reads in feedback and team records others keep. */
export const DELETED_MEMBER_NAME = "Silinmiş Üye";
export const DELETED_MEMBER_USERNAME = "silinmis-uye";

/**
 * The pseudonym that replaces a deleted member's uid in records others still need (vote answers,
 * payout statements): "silinmis-" and 20 random hex digits the caller draws. Nothing links it to
 * the uid once the deletion record is gone.
 */
export function deletedMemberPseudonym(randomHex: string): string {
  const hex = randomHex.toLowerCase().replace(/[^0-9a-f]/g, "");
  if (hex.length < 20) throw new Error("a pseudonym needs at least 20 random hex digits");
  return `silinmis-${hex.slice(0, 20)}`;
}

/** The steps of an account deletion, in order; each is idempotent, the record notes the last. */
export const ACCOUNT_DELETION_STEPS = [
  "auth",
  "memberships",
  "applications",
  "votes",
  "feedback",
  "notifications",
  "statements",
  "images",
  "storage",
  "mail",
  "records",
  "profile",
] as const;
export type AccountDeletionStep = (typeof ACCOUNT_DELETION_STEPS)[number];

/** The step after `done` (null: the deletion is complete). */
export function nextDeletionStep(done: AccountDeletionStep | null): AccountDeletionStep | null {
  const i = done === null ? 0 : ACCOUNT_DELETION_STEPS.indexOf(done) + 1;
  return ACCOUNT_DELETION_STEPS[i] ?? null;
}

/**
 * Versions of the legal texts (the date each text last changed). The legal pages show them and
 * registration step 3 records, per consent, the version of the text shown.
 */
export const LEGAL_TEXT_VERSIONS = {
  membershipAgreement: "2026-11-23",
  openConsent: "2026-11-23",
  kvkk: "2026-11-23",
  cookiePolicy: "2026-11-23",
} as const;
export type LegalTextId = keyof typeof LEGAL_TEXT_VERSIONS;

/** Which legal text each registration consent accepts. */
export const CONSENT_TEXTS = {
  contractOfUse: "membershipAgreement",
  privacyPolicy: "openConsent",
  contentPolicy: "kvkk",
} as const satisfies Record<string, LegalTextId>;

/** The version of each consent's text in force: what step 3 stores with the consents. */
export function consentVersions(): Record<keyof typeof CONSENT_TEXTS, string> {
  return {
    contractOfUse: LEGAL_TEXT_VERSIONS[CONSENT_TEXTS.contractOfUse],
    privacyPolicy: LEGAL_TEXT_VERSIONS[CONSENT_TEXTS.privacyPolicy],
    contentPolicy: LEGAL_TEXT_VERSIONS[CONSENT_TEXTS.contentPolicy],
  };
}

/** The file name of a member's data export on `now`'s Istanbul date: verilerim-YYYY-MM-DD.json. */
export function exportFileName(now: Date): string {
  const p = istanbulParts(now);
  return `verilerim-${p.year}-${pad(p.month)}-${pad(p.day)}.json`;
}
