import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DELETION_STEPS,
  CONSENT_TEXTS,
  LEGAL_TEXT_VERSIONS,
  consentVersions,
  deletedMemberPseudonym,
  exportFileName,
  isRecordExpired,
  isRegistrationAbandoned,
  isUnrecordedUploadExpired,
  istanbulTime,
  nextDeletionStep,
} from "../src/index.js";

const now = istanbulTime(2026, 12, 1, 3);
const HOUR = 3600_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("retention rules", () => {
  it("an unfinished registration goes after exactly 7 days, not 6 days 23 hours", () => {
    expect(isRegistrationAbandoned(ago(7 * 24 * HOUR), now)).toBe(true);
    expect(isRegistrationAbandoned(ago(6 * 24 * HOUR + 23 * HOUR), now)).toBe(false);
  });

  it("an unrecorded upload goes after 24 hours, not 23 hours 59 minutes", () => {
    expect(isUnrecordedUploadExpired(ago(24 * HOUR), now)).toBe(true);
    expect(isUnrecordedUploadExpired(ago(24 * HOUR - 60_000), now)).toBe(false);
  });

  it("a limit counter goes once its expiresAt is reached", () => {
    expect(isRecordExpired(now, now)).toBe(true);
    expect(isRecordExpired(new Date(now.getTime() + 1), now)).toBe(false);
  });
});

describe("account deletion", () => {
  it("pseudonyms are random hex under a fixed prefix, never shorter than 20 digits", () => {
    expect(deletedMemberPseudonym("ABCDEF0123456789abcdef99")).toBe(
      "silinmis-abcdef0123456789abcd",
    );
    expect(() => deletedMemberPseudonym("abc")).toThrow(/20 random hex/);
  });

  it("steps run in order from the last one finished", () => {
    expect(nextDeletionStep(null)).toBe("auth");
    expect(nextDeletionStep("auth")).toBe(ACCOUNT_DELETION_STEPS[1]);
    expect(nextDeletionStep("profile")).toBeNull();
  });
});

describe("consents and exports", () => {
  it("each consent records the version of the text it accepted", () => {
    const v = consentVersions();
    expect(v.contractOfUse).toBe(LEGAL_TEXT_VERSIONS[CONSENT_TEXTS.contractOfUse]);
    expect(v.contentPolicy).toBe(LEGAL_TEXT_VERSIONS.kvkk);
    expect(v.privacyPolicy).toBe(LEGAL_TEXT_VERSIONS.openConsent);
  });

  it("the export is named after the Istanbul date", () => {
    expect(exportFileName(istanbulTime(2026, 12, 1, 0, 30))).toBe("verilerim-2026-12-01.json");
  });
});
