import { describe, expect, it } from "vitest";
import {
  addressError,
  birthDateBoundsError,
  formatIban,
  ibanChecksumValid,
  ibanError,
  isValidTrIban,
  istanbulTime,
  maskIban,
  messages,
  normalizeIban,
  parseBirthDate,
} from "../src/index.js";

// A Turkish IBAN with correct check digits (ISO 13616 example format).
const VALID = "TR330006100519786457841326";

describe("Turkish IBAN", () => {
  it("accepts spaces and lower case, and checks the mod-97 checksum", () => {
    expect(normalizeIban(" tr33 0006 1005 1978 6457 8413 26 ")).toBe(VALID);
    expect(isValidTrIban("TR33 0006 1005 1978 6457 8413 26")).toBe(true);
    expect(ibanChecksumValid(VALID)).toBe(true);
    expect(ibanChecksumValid("GB82WEST12345698765432")).toBe(true);
  });

  it("refuses a wrong check digit, a changed digit and swapped digits", () => {
    expect(ibanError("TR340006100519786457841326")).toBe(messages.iban.checksum);
    expect(ibanError("TR330006100519786457841327")).toBe(messages.iban.checksum);
    expect(ibanError("TR330006100519786457841362")).toBe(messages.iban.checksum);
    expect(ibanError(VALID)).toBeNull();
  });

  it("refuses anything but TR and 24 digits, and empty input", () => {
    expect(ibanError("")).toBe(messages.iban.required);
    expect(ibanError("   ")).toBe(messages.iban.required);
    expect(ibanError(null)).toBe(messages.iban.required);
    expect(ibanError("TR33000610051978645784132")).toBe(messages.iban.format); // 23 digits
    expect(ibanError("TR3300061005197864578413261")).toBe(messages.iban.format); // 25 digits
    expect(ibanError("GB82WEST12345698765432")).toBe(messages.iban.format);
    expect(ibanError("TR33 0006 1005 1978 6457 8413 2A")).toBe(messages.iban.format);
  });

  it("shows only the country code and the last four digits", () => {
    expect(maskIban(VALID)).toBe("TR** **** **** **** **** **13 26");
    expect(maskIban(VALID).replace(/[^0-9]/g, "")).toBe("1326");
    expect(maskIban("")).toBe("");
    expect(formatIban(VALID)).toBe("TR33 0006 1005 1978 6457 8413 26");
  });
});

describe("birth date bounds", () => {
  const now = istanbulTime(2026, 11, 20, 12);

  it("accepts today and 1 January of the oldest dropdown year, refuses a day outside", () => {
    expect(birthDateBoundsError("2026-11-20", now)).toBeNull();
    expect(birthDateBoundsError("2026-11-21", now)).toBe(messages.users.birthDateFuture);
    expect(birthDateBoundsError("1927-01-01", now)).toBeNull();
    expect(birthDateBoundsError("1926-12-31", now)).toBe(messages.users.birthDateTooOld);
  });

  it("refuses 1800 through the parser the API uses", () => {
    expect(parseBirthDate("01/01/1800", now)).toEqual({
      ok: false,
      message: messages.users.birthDateTooOld,
    });
    expect(parseBirthDate("15/05/1999", now)).toEqual({ ok: true, value: "1999-05-15" });
  });
});

describe("address: the city belongs to the chosen country", () => {
  const countries = [{ name: "Türkiye" }, { name: "Almanya" }];
  const turkishCities = ["İstanbul", "İzmir", "Ankara"];

  it("accepts a city of the country, in any letter case, or a country alone", () => {
    expect(addressError("Türkiye - İstanbul", countries, turkishCities)).toBeNull();
    expect(addressError("türkiye - izmir", countries, turkishCities)).toBeNull();
    expect(addressError("Türkiye", countries, turkishCities)).toBeNull();
    expect(addressError("", countries, [])).toBeNull();
  });

  it("refuses a city of another country and an unknown country", () => {
    expect(addressError("Türkiye - Berlin", countries, turkishCities)).toBe(
      messages.users.cityNotInCountry,
    );
    expect(addressError("Almanya - İstanbul", countries, ["Berlin"])).toBe(
      messages.users.cityNotInCountry,
    );
    expect(addressError("Atlantis - İstanbul", countries, [])).toBe(messages.users.countryUnknown);
  });
});
