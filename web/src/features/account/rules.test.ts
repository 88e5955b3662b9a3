import { describe, expect, it } from "vitest";
import {
  birthDateParts,
  birthDateValue,
  birthYearOptions,
  canRemoveLanguageRow,
  changeCountry,
  contactDataBody,
  emailChanged,
  digitsOnly,
  eduCertToSave,
  formatBirthDate,
  hasProjectMenu,
  hashTarget,
  languagesToSave,
  personalDataBody,
  NO_PHOTO_TO_DELETE,
  emailVerificationOutcome,
  birthDateError,
  birthDayOptions,
  birthMonthOptions,
  photoDeleteOutcome,
  photoUploadErrorMessage,
  photoError,
  photoObjectName,
  positionLocked,
  showsSurvey,
  skillsBody,
  socialDisplay,
  socialToSave,
  splitAddress,
} from "./rules";

const MB = 1024 * 1024;

describe("photo", () => {
  it("checks the user id, then the type, then the 5 MB limit", () => {
    expect(photoError({ size: 1, type: "image/png" }, null)).toBe(
      "Kullanıcı ID'si bulunamadı! Lütfen tekrar giriş yapın.",
    );
    expect(photoError({ size: 1, type: "image/gif" }, "u1")).toBe(
      "Sadece JPEG, PNG ve JPG formatları desteklenmektedir!",
    );
    expect(photoError({ size: 5 * MB + 1, type: "image/jpeg" }, "u1")).toBe(
      "Dosya boyutu 5MB'dan küçük olmalıdır!",
    );
    for (const type of ["image/jpeg", "image/png", "image/jpg"]) {
      expect(photoError({ size: 5 * MB, type }, "u1")).toBeNull();
    }
  });

  it("object names: the time, then the file name with odd signs replaced", () => {
    expect(photoObjectName("yüz fotoğrafı.png", 1700000000000)).toBe(
      "1700000000000-y_z_foto_raf_.png",
    );
    expect(photoObjectName("", 5)).toBe("5-foto");
  });

  it("delete: 200/204 deleted, 404 already gone, else a failure", () => {
    expect(photoDeleteOutcome(204)).toEqual({
      ok: true,
      message: "Profil fotoğrafı başarıyla silindi",
    });
    expect(photoDeleteOutcome(404)).toEqual({
      ok: true,
      message: "Profil fotoğrafı başarıyla kaldırıldı",
    });
    expect(photoDeleteOutcome(500)).toEqual({ ok: false, message: "Resim silinemedi" });
    expect(photoDeleteOutcome(0)).toEqual({
      ok: false,
      message: "Resim silinirken bir hata oluştu",
    });
    expect(NO_PHOTO_TO_DELETE).toEqual({
      ok: false,
      message: "Silinecek profil fotoğrafı bulunamadı!",
    });
  });

  it("a failed upload says where it failed", () => {
    expect(photoUploadErrorMessage({ code: "storage/unauthorized" })).toBe("Resim yüklenemedi");
    expect(photoUploadErrorMessage({ noResponse: true })).toBe("Sunucudan yanıt alınamadı");
    expect(photoUploadErrorMessage({ noResponse: false, body: { message: "Yetki yok." } })).toBe(
      "Yetki yok.",
    );
    expect(photoUploadErrorMessage(new Error("x"))).toBe("Fotoğraf yüklenemedi!");
  });
});

describe("personal information", () => {
  it("splits and joins the address; a country change clears the city", () => {
    expect(splitAddress("Türkiye - İzmir")).toEqual({ country: "Türkiye", city: "İzmir" });
    expect(splitAddress("")).toEqual({ country: "", city: "" });
    const value = { country: "Türkiye", city: "İzmir" };
    expect(changeCountry(value, "Almanya")).toEqual({ country: "Almanya", city: "" });
    expect(changeCountry(value, "Türkiye")).toBe(value);
  });

  it("100 birth years, newest first, by the Istanbul calendar", () => {
    const years = birthYearOptions(new Date("2026-12-31T22:30:00Z")); // 1 January 2027 in Istanbul
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2027);
    expect(years[99]).toBe(1928);
  });

  it("shows the stored date as dd/MM/yyyy; keeps digits of a phone number", () => {
    expect(formatBirthDate("1998-04-09")).toBe("09/04/1998");
    expect(formatBirthDate("")).toBe("");
    expect(digitsOnly("+90 (532) 111-22-33")).toBe("905321112233");
  });

  it("personalData body with the address joined and the position as an object", () => {
    expect(
      personalDataBody({
        name: " Elif Yıldız ",
        gender: "FEMALE",
        birthDate: "09/04/1998",
        country: "Türkiye",
        city: "",
        position: "Frontend Developer",
      }),
    ).toEqual({
      personalData: {
        name: "Elif Yıldız",
        gender: "FEMALE",
        birthDate: "09/04/1998",
        address: "Türkiye",
        position: { name: "Frontend Developer" },
      },
    });
  });

  it("birth date selects make dd/MM/yyyy; no position chosen sends none", () => {
    expect(birthDateValue("9", "4", "1998")).toBe("09/04/1998");
    expect(birthDateValue("", "4", "1998")).toBe("");
    expect(birthDateParts("1998-04-09")).toEqual({ day: "09", month: "04", year: "1998" });
    expect(birthDateParts("")).toEqual({ day: "", month: "", year: "" });
    const body = personalDataBody({
      name: "A B",
      gender: null,
      birthDate: "",
      country: "",
      city: "",
      position: "",
    });
    expect("position" in body.personalData).toBe(false);
  });

  it("a changed e-mail is no longer verified; the same one keeps its state", () => {
    const current = { email: "elif@example.com", isEmailVerified: true };
    expect(
      contactDataBody({ email: "ELIF@example.com ", telephone: "0532 111" }, current).contactData,
    ).toEqual({ email: "ELIF@example.com", telephone: "0532111", isEmailVerified: true });
    expect(
      contactDataBody({ email: "yeni@example.com", telephone: "" }, current).contactData
        .isEmailVerified,
    ).toBe(false);
  });

  it("only another address counts as an e-mail change (the member signs in again after one)", () => {
    expect(emailChanged(" ELIF@example.com", "elif@example.com")).toBe(false);
    expect(emailChanged("elif@example.org", "elif@example.com")).toBe(true);
  });
});

describe("lists", () => {
  it("language rows: removable only while more than one; empty ones dropped", () => {
    expect(canRemoveLanguageRow([{ language: "Türkçe", level: "İleri" }])).toBe(false);
    expect(
      canRemoveLanguageRow([
        { language: "a", level: "Orta" },
        { language: "", level: "" },
      ]),
    ).toBe(true);
    expect(
      languagesToSave([
        { language: " Türkçe ", level: "İleri" },
        { language: "İngilizce", level: "" },
        { language: "", level: "Orta" },
      ]),
    ).toEqual([{ language: "Türkçe", level: "İleri" }]);
  });

  it("social links: '--' when empty, only filled ones saved", () => {
    const list = ["github:https://github.com/elif", "linkedin:"];
    expect(socialDisplay(list, "github")).toBe("https://github.com/elif");
    expect(socialDisplay(list, "linkedin")).toBe("--");
    expect(socialDisplay(list, "behance")).toBe("--");
    expect(socialToSave({ github: " https://github.com/elif ", instagram: "  " })).toEqual([
      "github:https://github.com/elif",
    ]);
  });

  it("education entries trimmed and empty ones ignored; skills as named objects", () => {
    expect(eduCertToSave([" Ege Üniversitesi ", "", "  "])).toEqual(["Ege Üniversitesi"]);
    expect(skillsBody(["React"])).toEqual({ skills: [{ name: "React" }] });
  });
});

describe("projects and navigation", () => {
  it("the project menu only on an Ongoing project ('Düzenle' follows hasProjectManagerPosition)", () => {
    expect(hasProjectMenu("Ongoing")).toBe(true);
    expect(hasProjectMenu("NotStarted")).toBe(false);
  });

  it("the position is locked while in a project", () => {
    expect(positionLocked("p1")).toBe(true);
    expect(positionLocked(null)).toBe(false);
    expect(positionLocked(null, { projectId: "p2", positionId: "q" })).toBe(true);
  });

  it("hash targets and the survey section", () => {
    expect(hashTarget("#anketOylamasi")).toBe("anketOylamasi");
    expect(hashTarget("#geriBildirimler")).toBe("geriBildirimler");
    expect(hashTarget("#baska")).toBeNull();
    expect(showsSurvey("JUNIOR", true)).toBe(true);
    expect(showsSurvey("JUNIOR", false)).toBe(false);
    expect(showsSurvey("SENIOR", true)).toBe(false);
  });
});

describe("the e-mail confirmation link's outcome", () => {
  it("reads ?emailVerified=true|false", () => {
    expect(emailVerificationOutcome("?emailVerified=true")).toBe("confirmed");
    expect(emailVerificationOutcome("?x=1&emailVerified=false")).toBe("expired");
    expect(emailVerificationOutcome("")).toBeNull();
    expect(emailVerificationOutcome("?emailVerified=maybe")).toBeNull();
  });
});

describe("birth date selects", () => {
  // 12:00 UTC on 21 November 2026 (Istanbul: the same day)
  const now = new Date(Date.UTC(2026, 10, 21, 12, 0));

  it("offer no future month or day in the current year", () => {
    expect(birthMonthOptions("2026", now).at(-1)).toBe("11");
    expect(birthMonthOptions("2025", now)).toHaveLength(12);
    expect(birthDayOptions("2026", "11", now).at(-1)).toBe("21");
    expect(birthDayOptions("2025", "02", now)).toHaveLength(28);
    expect(birthDayOptions("2024", "02", now)).toHaveLength(29);
    expect(birthDayOptions("", "", now)).toHaveLength(31);
  });

  it("refuse a future, too old, impossible or half-chosen date before saving", () => {
    expect(birthDateError("22", "11", "2026", now)).toBe("Doğum tarihi gelecekte olamaz.");
    expect(birthDateError("31", "12", "1926", now)).toBe(
      "Doğum tarihi son 100 yıl içinde olmalıdır.",
    );
    expect(birthDateError("31", "02", "2000", now)).toBe(
      "Doğum tarihi gg/aa/yyyy biçiminde olmalıdır.",
    );
    expect(birthDateError("09", "", "1998", now)).toBe(
      "Doğum tarihi gg/aa/yyyy biçiminde olmalıdır.",
    );
    expect(birthDateError("09", "04", "1998", now)).toBeNull();
    expect(birthDateError("", "", "", now)).toBeNull();
  });
});
