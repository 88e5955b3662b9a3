import { describe, expect, it } from "vitest";
import {
  type ProfileField,
  buildProfileUpdate,
  messages,
  profileFieldError,
} from "../src/index.js";

const now = new Date(Date.UTC(2026, 10, 22, 9));

describe("PATCH /users body → document changes (docs/product-rules.md#profile-update-sections, #api-calls)", () => {
  it("applies every section with its rules", () => {
    const r = buildProfileUpdate(
      {
        personalData: {
          name: "  çağrı  IŞIK ",
          gender: "female",
          birthDate: "01/02/1998",
          address: "Türkiye - Ankara",
          position: "Tester",
        },
        contactData: {
          email: " Cagri@Ornek.COM ",
          telephone: "05551112233",
          isEmailVerified: true,
        },
        social_medias: ["behance:https://behance.net/c", "github:"],
        about: "  Merhaba ",
        skills: "not a list",
        languages: [{ language: "Türkçe", level: "İleri" }, { language: "Almanca" }],
        edu_cert: [" Lise ", ""],
        iban: "TR33 0006 1005 1978 6457 8413 26",
      },
      now,
    );
    expect(r).toEqual({
      ok: true,
      value: {
        user: {
          name: "Çağrı Işık",
          gender: "FEMALE",
          birthDate: "1998-02-01",
          address: "Türkiye - Ankara",
          position: { name: "Tester" },
          about: "Merhaba",
          skills: [],
          languages: [{ language: "Türkçe", level: "İleri" }],
          edu_cert: ["Lise"],
          social_medias: ["behance:https://behance.net/c"],
        },
        details: { telephone: "05551112233", iban: "TR330006100519786457841326" },
        email: "cagri@ornek.com",
      },
    });
  });

  it("takes a section's field given on its own at the top level", () => {
    expect(buildProfileUpdate({ telephone: "123" }, now)).toEqual({
      ok: true,
      value: { user: {}, details: { telephone: "123" } },
    });
  });

  it("ignores isEmailVerified from the client and refuses an empty body", () => {
    expect(buildProfileUpdate({ contactData: { isEmailVerified: true } }, now)).toEqual({
      ok: false,
      message: messages.users.nothingToSave,
    });
  });

  it("refuses a future birth date, a non-digit phone, a bad gender and a bad e-mail", () => {
    expect(buildProfileUpdate({ personalData: { birthDate: "23/11/2026" } }, now)).toEqual({
      ok: false,
      message: messages.users.birthDateFuture,
    });
    expect(buildProfileUpdate({ contactData: { telephone: "0555-111" } }, now)).toEqual({
      ok: false,
      message: messages.users.telephoneDigits,
    });
    expect(buildProfileUpdate({ gender: "X" }, now)).toEqual({
      ok: false,
      message: messages.users.genderInvalid,
    });
    expect(buildProfileUpdate({ email: "ornek" }, now).ok).toBe(false);
  });

  it("folds a new e-mail without Turkish rules and refuses non-ASCII addresses", () => {
    const folded = buildProfileUpdate({ contactData: { email: " Info@Gmail.com " } }, now);
    expect(folded).toMatchObject({ ok: true, value: { email: "info@gmail.com" } });
    expect(buildProfileUpdate({ contactData: { email: "ınfo@gmaıl.com" } }, now)).toEqual({
      ok: false,
      message: messages.auth.emailNotAscii,
    });
    expect(buildProfileUpdate({ email: "ali@" }, now)).toEqual({
      ok: false,
      message: messages.auth.emailInvalid,
    });
  });
});

describe("the field rules the section forms run (docs/product-rules.md#profile-update-sections)", () => {
  const samples: Record<ProfileField, unknown[]> = {
    name: ["ali veli", "a", "x".repeat(81), 5],
    gender: ["female", "", null, "X"],
    birthDate: ["01/02/1998", "23/11/2026", "31/02/2000", ""],
    address: ["Türkiye - Ankara", { country: "Türkiye", city: "" }],
    position: ["Tester", { name: "QA" }, "", {}],
    email: ["Ali@Ornek.com", "", "ali@", "ınfo@gmaıl.com"],
    telephone: ["05551112233", "0555-111", "1".repeat(16), ""],
    iban: ["TR33 0006 1005 1978 6457 8413 26", "TR00", ""],
    about: ["  Merhaba ", 3],
    skills: [["React", { name: "React" }], "not a list"],
    languages: [[{ language: "Türkçe", level: "İleri" }], [{ language: "Almanca", level: "?" }]],
    edu_cert: [[" Lise ", ""]],
    social_medias: [
      ["github:https://github.com/a"],
      ["website:javascript:alert(1)"],
      ["myspace:x"],
    ],
  };

  it("refuse with the very text PATCH /users answers, and accept what it accepts", () => {
    for (const [field, values] of Object.entries(samples) as [ProfileField, unknown[]][]) {
      for (const value of values) {
        const alone = buildProfileUpdate({ [field]: value }, now);
        expect(profileFieldError(field, value, now), `${field}: ${JSON.stringify(value)}`).toBe(
          alone.ok ? null : alone.message,
        );
      }
    }
  });

  it("refuse a future birth date by the clock passed in", () => {
    expect(profileFieldError("birthDate", "23/11/2026", now)).toBe(messages.users.birthDateFuture);
    expect(profileFieldError("birthDate", "23/11/2026", new Date(Date.UTC(2026, 10, 24)))).toBe(
      null,
    );
  });

  it("give a form's empty e-mail the malformed-address text, and a too long phone the digits text", () => {
    expect(profileFieldError("email", " ", now)).toBe(messages.auth.emailInvalid);
    expect(profileFieldError("telephone", "1".repeat(16), now)).toBe(
      messages.users.telephoneDigits,
    );
  });
});
