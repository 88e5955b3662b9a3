import { describe, expect, it } from "vitest";
import {
  RECENT_SIGN_IN_MS,
  REGISTRATION_TTL_MS,
  foldEmail,
  isAsciiEmail,
  isEmailAddress,
  isRecentSignIn,
  provenRegistrationOpen,
  registrationKey,
  safeReturnPath,
  sameEmail,
  withQueryParam,
} from "../src/index.js";

describe("e-mail folding", () => {
  it("lower-cases without Turkish rules, so a capital I stays an i", () => {
    expect(foldEmail(" Info@Gmail.com ")).toBe("info@gmail.com");
    expect(foldEmail("ISIL@ORNEK.COM.TR")).toBe("isil@ornek.com.tr");
    expect(registrationKey("Info@Gmail.com")).toBe(encodeURIComponent("info@gmail.com"));
    expect(sameEmail("Info@Gmail.com", "info@gmail.com")).toBe(true);
    expect(sameEmail("ınfo@gmaıl.com", "info@gmail.com")).toBe(false);
  });

  it("accepts ASCII addresses only", () => {
    expect(isAsciiEmail("info@gmail.com")).toBe(true);
    expect(isAsciiEmail("ınfo@gmaıl.com")).toBe(false);
    expect(isAsciiEmail("İnfo@gmail.com")).toBe(false);
    expect(isAsciiEmail("ayşe@örnek.com")).toBe(false);
    expect(isEmailAddress(" Info@Gmail.com ")).toBe(true);
    expect(isEmailAddress("ınfo@gmaıl.com")).toBe(false);
    expect(isEmailAddress("ali@")).toBe(false);
    expect(isEmailAddress("a b@c.com")).toBe(false);
  });
});

describe("safeReturnPath", () => {
  const base = "http://127.0.0.1:5000";

  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeReturnPath("/hesabim/ayse?x=1#top", base)).toBe("/hesabim/ayse?x=1#top");
    expect(safeReturnPath("http://127.0.0.1:5000/hesabim", base)).toBe("/hesabim");
    expect(safeReturnPath("/%2Fevil.example", base)).toBe("/%2Fevil.example");
  });

  it.each([
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["//evil.example"],
    ["///evil.example"],
    ["/.//evil.example"],
    ["https://evil.example"],
    ["http://127.0.0.1:5001/x"],
    ["javascript:alert(1)"],
    ["data:text/html,hi"],
    ["/%5Cevil.example"],
    ["/%5cevil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/\u0000/evil.example"],
    [" //evil.example"],
    [""],
    [undefined],
  ])("sends %j to the start page", (candidate) => {
    expect(safeReturnPath(candidate, base)).toBe("/");
  });

  it("adds a query parameter in front of the fragment", () => {
    expect(withQueryParam("/", "emailVerified", "true")).toBe("/?emailVerified=true");
    expect(withQueryParam("/a?x=1#f", "emailVerified", "false")).toBe(
      "/a?x=1&emailVerified=false#f",
    );
  });
});

describe("recent sign-in", () => {
  const now = new Date("2025-03-01T10:00:00Z");
  const secondsAgo = (s: number) => now.getTime() / 1000 - s;

  it("counts a sign-in within five minutes", () => {
    expect(isRecentSignIn(secondsAgo(0), now)).toBe(true);
    expect(isRecentSignIn(secondsAgo(RECENT_SIGN_IN_MS / 1000), now)).toBe(true);
    expect(isRecentSignIn(secondsAgo(RECENT_SIGN_IN_MS / 1000 + 1), now)).toBe(false);
    expect(isRecentSignIn(null, now)).toBe(false);
    expect(isRecentSignIn(Number.NaN, now)).toBe(false);
  });
});

describe("proven registrations", () => {
  const now = new Date("2025-03-01T10:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("stay open for their holder until they expire; unproven ones never lock", () => {
    const lastSentAt = at(-60_000);
    expect(provenRegistrationOpen({ verified: true, expiresAt: at(1), lastSentAt }, now)).toBe(
      true,
    );
    expect(provenRegistrationOpen({ verified: true, expiresAt: at(0), lastSentAt }, now)).toBe(
      false,
    );
    expect(provenRegistrationOpen({ verified: false, expiresAt: at(1), lastSentAt }, now)).toBe(
      false,
    );
    // Without an expiry: REGISTRATION_TTL_MS after the last code was sent.
    expect(provenRegistrationOpen({ verified: true, expiresAt: null, lastSentAt }, now)).toBe(true);
    const old = at(-REGISTRATION_TTL_MS - 1);
    expect(provenRegistrationOpen({ verified: true, expiresAt: null, lastSentAt: old }, now)).toBe(
      false,
    );
  });
});
