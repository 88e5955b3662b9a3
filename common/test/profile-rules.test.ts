import { describe, expect, it } from "vitest";
import {
  istanbulTime,
  messages,
  normalizeAddress,
  normalizeEduCert,
  normalizeLanguages,
  normalizeNamedList,
  normalizeSocialMedias,
  normalizeTelephone,
  parseBirthDate,
  birthDateBounds,
  toList,
  websiteError,
} from "../src/index.js";

describe("profile rules (docs/product-rules.md#profile-update-sections)", () => {
  it("treats anything that is not a list as an empty list", () => {
    expect(toList("React")).toEqual([]);
    expect(toList(null)).toEqual([]);
    expect(toList(["a"])).toEqual(["a"]);
  });

  it("keeps skills as {name} objects without blanks or repeats", () => {
    expect(normalizeNamedList(["React", { name: " React " }, "", { name: "Figma" }])).toEqual([
      { name: "React" },
      { name: "Figma" },
    ]);
  });

  it("drops language rows without language or level, refuses unknown levels", () => {
    expect(
      normalizeLanguages([
        { language: "İngilizce", level: "İleri" },
        { language: "", level: "Orta" },
        { language: "Almanca", level: "" },
      ]),
    ).toEqual({ ok: true, value: [{ language: "İngilizce", level: "İleri" }] });
    expect(normalizeLanguages([{ language: "Fransızca", level: "Uzman" }])).toEqual({
      ok: false,
      message: messages.users.languageLevel,
    });
  });

  it("trims education entries and ignores empty ones", () => {
    expect(normalizeEduCert(["  ODTÜ ", "", "   ", 42])).toEqual(["ODTÜ", "42"]);
  });

  it("saves only filled social links, one per network, in a fixed order", () => {
    expect(
      normalizeSocialMedias([
        "github:https://github.com/a",
        "linkedin:",
        "linkedin:https://linkedin.com/in/a",
      ]),
    ).toEqual({
      ok: true,
      value: ["linkedin:https://linkedin.com/in/a", "github:https://github.com/a"],
    });
    expect(normalizeSocialMedias(["myspace:https://x"]).ok).toBe(false);
  });

  it("keeps a personal website only as a full http(s) address", () => {
    expect(
      normalizeSocialMedias(["website: https://elif.dev/ ", "github:https://github.com/a"]),
    ).toEqual({
      ok: true,
      value: ["github:https://github.com/a", "website:https://elif.dev/"],
    });
    for (const bad of [
      "javascript:alert(1)",
      "elif.dev",
      "https:elif.dev",
      "ftp://elif.dev",
      "https://localhost",
    ]) {
      expect(normalizeSocialMedias([`website:${bad}`]), bad).toEqual({
        ok: false,
        message: messages.users.websiteInvalid,
      });
    }
    expect(websiteError("http://elif.dev/portfolyo?x=1")).toBeNull();
  });

  it("accepts dd/MM/yyyy and ISO birth dates up to today (Istanbul), not tomorrow", () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Istanbul.
    const now = new Date(Date.UTC(2026, 10, 21, 23, 30));
    expect(parseBirthDate("22/11/2026", now)).toEqual({ ok: true, value: "2026-11-22" });
    expect(parseBirthDate("23/11/2026", now)).toEqual({
      ok: false,
      message: messages.users.birthDateFuture,
    });
    expect(parseBirthDate("2000-04-23", now)).toEqual({ ok: true, value: "2000-04-23" });
    expect(parseBirthDate("2000-04-23T00:00:00.000Z", now)).toEqual({
      ok: true,
      value: "2000-04-23",
    });
    expect(parseBirthDate("31/02/2000", now)).toEqual({
      ok: false,
      message: messages.users.birthDateInvalid,
    });
    expect(parseBirthDate("", now)).toEqual({ ok: true, value: "" });
    expect(parseBirthDate("dün", istanbulTime(2026, 1, 1))).toMatchObject({ ok: false });
  });

  it("bounds birth dates by the 100-year dropdown and today", () => {
    const now = new Date(Date.UTC(2026, 10, 21, 12, 0));
    expect(birthDateBounds(now)).toEqual({ min: "1927-01-01", max: "2026-11-21" });
    expect(parseBirthDate("01/01/1927", now)).toEqual({ ok: true, value: "1927-01-01" });
    expect(parseBirthDate("31/12/1926", now)).toEqual({
      ok: false,
      message: "Doğum tarihi son 100 yıl içinde olmalıdır.",
    });
  });

  it("keeps telephones digits only", () => {
    expect(normalizeTelephone("05321234567")).toEqual({ ok: true, value: "05321234567" });
    expect(normalizeTelephone("+90 532")).toEqual({
      ok: false,
      message: messages.users.telephoneDigits,
    });
    expect(normalizeTelephone("1234567890123456").ok).toBe(false);
  });

  it("stores addresses as 'country - city'", () => {
    expect(normalizeAddress({ country: "Türkiye", city: "İzmir" })).toBe("Türkiye - İzmir");
    expect(normalizeAddress("  Türkiye -  Ankara ")).toBe("Türkiye - Ankara");
  });
});
