import { describe, expect, it } from "vitest";
import {
  NAME_LENGTH,
  NEW_PASSWORD_TEXTS,
  PASSWORD_LENGTH,
  emailError,
  isDocumentIdInput,
  messages,
  nameError,
  normalizeName,
  passwordError,
} from "../src/index.js";

describe("emailError", () => {
  it("asks for an address, refuses Turkish letters and malformed ones, accepts the rest", () => {
    expect(emailError("")).toBe(messages.auth.emailRequired);
    expect(emailError("   ")).toBe(messages.auth.emailRequired);
    expect(emailError(undefined)).toBe(messages.auth.emailRequired);
    expect(emailError("ayşe@örnek.com")).toBe(messages.auth.emailNotAscii);
    expect(emailError("İnfo@gmail.com")).toBe(messages.auth.emailNotAscii);
    for (const bad of ["not-an-email", "ali@", "a b@c.com", "a@b.c", "a..b@c.com", ".a@b.co"]) {
      expect(emailError(bad), bad).toBe(messages.auth.emailInvalid);
    }
    for (const good of [" Info@Gmail.com ", "ali.veli@ornek.com.tr", "a+etiket@b.co"]) {
      expect(emailError(good), good).toBeNull();
    }
  });
});

describe("passwordError", () => {
  it("takes 8 to 128 characters, with sign-up's texts by default", () => {
    expect(PASSWORD_LENGTH).toEqual({ min: 8, max: 128 });
    expect(passwordError(undefined)).toBe(messages.auth.passwordRequired);
    expect(passwordError("1234567")).toBe(messages.auth.passwordMinLength);
    expect(passwordError("12345678")).toBeNull();
    expect(passwordError("x".repeat(128))).toBeNull();
    expect(passwordError("x".repeat(129))).toBe(messages.auth.passwordMaxLength);
  });

  it("says the reset screen's text for every refusal there", () => {
    for (const bad of [undefined, "", "kisa", "x".repeat(129)]) {
      expect(passwordError(bad, NEW_PASSWORD_TEXTS)).toBe(messages.auth.passwordRule);
    }
    expect(passwordError("Parola123", NEW_PASSWORD_TEXTS)).toBeNull();
  });
});

describe("nameError", () => {
  it("writes the name in Turkish title case and bounds it to 2–80 characters", () => {
    expect(normalizeName("  ışıl   çağlar ")).toBe("Işıl Çağlar");
    expect(normalizeName(42)).toBe("");
    expect(NAME_LENGTH).toEqual({ min: 2, max: 80 });
    expect(nameError("a")).toBe(messages.users.nameRequired);
    expect(nameError(" a  ")).toBe(messages.users.nameRequired);
    expect(nameError(null)).toBe(messages.users.nameRequired);
    expect(nameError("Al")).toBeNull();
    expect(nameError("x".repeat(80))).toBeNull();
    expect(nameError("x".repeat(81))).toBe(messages.users.nameTooLong);
  });
});

describe("isDocumentIdInput", () => {
  it("keeps the ids the platform issues and refuses what Firestore refuses", () => {
    for (const good of ["aB3_-x", "p1-abc", "x".repeat(128)])
      expect(isDocumentIdInput(good)).toBe(true);
    for (const bad of ["", "__proto__", "__x__", ".", "..", "a/b", "kötü", "x".repeat(129), 7]) {
      expect(isDocumentIdInput(bad), String(bad)).toBe(false);
    }
  });
});
