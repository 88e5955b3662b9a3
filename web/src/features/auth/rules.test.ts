import { describe, expect, it } from "vitest";
import { messages } from "@platform/common";
import { ApiError } from "../../lib/api/errors";
import {
  backspaceInBox,
  consentLink,
  emailError,
  emptyCode,
  formBoolean,
  isCodeComplete,
  joinCode,
  afterLoginPath,
  newPasswordError,
  signUpNameError,
  signUpPasswordError,
  pasteCode,
  readPendingSignUp,
  required,
  resetPasswordErrorText,
  resetRequestErrorText,
  resetTokenFrom,
  signUpPayload,
  typeInBox,
  writePendingSignUp,
} from "./rules";
import { accountPath, screens } from "../../app/screens";

const code = (s: string) => s.split("").map((c) => (c === "_" ? "" : c));

describe("code boxes", () => {
  it("typing a digit fills the box and moves to the next; the last box keeps focus", () => {
    expect(typeInBox(emptyCode(), 0, "4")).toEqual({ digits: code("4_____"), focus: 1 });
    expect(typeInBox(code("12345_"), 5, "6")).toEqual({ digits: code("123456"), focus: null });
  });

  it("keeps one digit per box: the one just typed replaces the old one", () => {
    expect(typeInBox(code("1_____"), 0, "17")).toEqual({ digits: code("7_____"), focus: 1 });
  });

  it("ignores letters and signs", () => {
    const start = code("1_____");
    expect(typeInBox(start, 1, "a")).toEqual({ digits: start, focus: null });
    expect(typeInBox(start, 1, "-")).toEqual({ digits: start, focus: null });
  });

  it("six digits arriving in one box (autofill) fill all boxes", () => {
    expect(typeInBox(emptyCode(), 2, "123456")).toEqual({ digits: code("123456"), focus: 5 });
  });

  it("backspace clears a filled box and stays; on an empty box it goes back and clears that one", () => {
    expect(backspaceInBox(code("123___"), 2)).toEqual({ digits: code("12____"), focus: null });
    expect(backspaceInBox(code("12____"), 2)).toEqual({ digits: code("1_____"), focus: 1 });
    expect(backspaceInBox(emptyCode(), 0)).toEqual({ digits: emptyCode(), focus: null });
  });

  it("pasting six digits fills every box; anything else changes nothing", () => {
    expect(pasteCode(emptyCode(), "482913")).toEqual({ digits: code("482913"), focus: 5 });
    expect(pasteCode(emptyCode(), " 482 913\n")).toEqual({ digits: code("482913"), focus: 5 });
    expect(pasteCode(emptyCode(), "482-913")).toEqual({ digits: code("482913"), focus: 5 });
    const start = code("1_____");
    for (const bad of ["48291", "4829134", "48a913", ""]) {
      expect(pasteCode(start, bad)).toEqual({ digits: start, focus: null });
    }
  });

  it("joins into verificationCode only when all six are digits", () => {
    expect(isCodeComplete(code("12345_"))).toBe(false);
    expect(isCodeComplete(code("123456"))).toBe(true);
    expect(joinCode(code("012345"))).toBe("012345");
    expect(emptyCode()).toHaveLength(6);
  });
});

describe("form checks", () => {
  it("required fields", () => {
    expect(required("")).toBe("Bu alan zorunludur.");
    expect(required("  ")).toBe("Bu alan zorunludur.");
    expect(required(false)).toBe("Bu alan zorunludur.");
    expect(required("x")).toBeNull();
    expect(required(true)).toBeNull();
  });

  it("name and password bounds come from the shared rules (2–80, 8–128)", () => {
    expect(signUpNameError(" ")).toBe("Bu alan zorunludur.");
    expect(signUpNameError("a")).toBe(messages.users.nameRequired);
    expect(signUpNameError("x".repeat(81))).toBe(messages.users.nameTooLong);
    expect(signUpNameError("ali veli")).toBeNull();
    expect(signUpPasswordError("x".repeat(129))).toBe(messages.auth.passwordMaxLength);
    expect(signUpPasswordError("x".repeat(128))).toBeNull();
    expect(newPasswordError("x".repeat(129))).toBe(messages.auth.passwordRule);
  });

  it("e-mail", () => {
    expect(emailError("")).toBe("Bu alan zorunludur.");
    expect(emailError("ali@")).toBe("Geçerli bir e-posta adresi girin.");
    expect(emailError(" ali@ornek.com ")).toBeNull();
    expect(emailError("ınfo@gmaıl.com")).toBe(messages.auth.emailNotAscii);
  });

  it("new password: at least 8 characters, with the docs/product-rules.md#password-reset rule text", () => {
    expect(newPasswordError("")).toBe("Bu alan zorunludur.");
    expect(newPasswordError("1234567")).toBe(
      "Sifre en az 8 karakter, bir buyuk harf ve bir rakam icermelidir.",
    );
    expect(newPasswordError("abcdefgh")).toBeNull(); // only the length is checked (docs/product-rules.md#password-reset)
  });

  it("sign-up password: required and at least 8 characters, the message naming only that", () => {
    expect(signUpPasswordError("")).toBe("Bu alan zorunludur.");
    expect(signUpPasswordError("kisa")).toBe("Şifre en az 8 karakter olmalıdır.");
    expect(signUpPasswordError("abcdefgh")).toBeNull();
  });

  it("step-1 payload: name in Turkish title case, e-mail trimmed", () => {
    expect(
      signUpPayload({ name: "  ılgın   ŞAHİN  ", email: " a@b.co ", password: "Secret12" }),
    ).toEqual({ name: "Ilgın Şahin", email: "a@b.co", password: "Secret12" });
    expect(signUpPayload({ name: "ismail çelik", email: "x@y.z", password: "p" }).name).toBe(
      "İsmail Çelik",
    );
    // Without Turkish rules: Info@Gmail.com must not become ınfo@gmaıl.com.
    expect(signUpPayload({ name: "a b", email: " Info@Gmail.com ", password: "p" }).email).toBe(
      "info@gmail.com",
    );
  });

  it("form booleans: 'on' and true are true, empty is false", () => {
    expect(formBoolean("on")).toBe(true);
    expect(formBoolean(true)).toBe(true);
    expect(formBoolean("")).toBe(false);
    expect(formBoolean(undefined)).toBe(false);
  });
});

describe("pending sign-up", () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      data,
    };
  }

  it("round-trips name, e-mail and the verified flag; never the password", () => {
    const s = memoryStorage();
    writePendingSignUp(s, { name: "Ali Veli", email: "a@b.co" });
    expect(readPendingSignUp(s)).toEqual({ name: "Ali Veli", email: "a@b.co" });
    writePendingSignUp(s, { name: "Ali Veli", email: "a@b.co", verified: true });
    expect(readPendingSignUp(s)).toEqual({ name: "Ali Veli", email: "a@b.co", verified: true });
    const withToken = { name: "Ali Veli", email: "a@b.co", verified: true, registrationToken: "t" };
    writePendingSignUp(s, withToken);
    expect(readPendingSignUp(s)).toEqual(withToken);
    expect([...s.data.values()].join()).not.toMatch(/password/i);
  });

  it("anything broken reads as no sign-up in progress", () => {
    const s = memoryStorage();
    expect(readPendingSignUp(s)).toBeNull();
    s.setItem("platform.member.pendingSignUp", "{not json");
    expect(readPendingSignUp(s)).toBeNull();
    s.setItem("platform.member.pendingSignUp", JSON.stringify({ name: "x" }));
    expect(readPendingSignUp(s)).toBeNull();
  });
});

describe("password reset texts (docs/product-rules.md#password-reset)", () => {
  const err = (status: number, message?: string) =>
    new ApiError(status, message ?? "Bir hata oluştu", "/auth/x", "status", {
      success: false,
      ...(message ? { message } : {}),
    });
  const noResponse = new ApiError(0, "x", "/auth/x", "no-response");

  it("request: unknown address, the server's text, the general text, no response", () => {
    expect(resetRequestErrorText(err(404))).toBe(
      "E-posta adresi hatali veya sistemde kayitli degil.",
    );
    expect(resetRequestErrorText(err(404, "Sunucu metni"))).toBe("Sunucu metni");
    expect(resetRequestErrorText(err(500))).toBe("Bir hata olustu. Lutfen tekrar deneyiniz.");
    expect(resetRequestErrorText(noResponse)).toBe(
      "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.",
    );
  });

  it("new password: the server's text (invalid link), else the general text", () => {
    expect(
      resetPasswordErrorText(err(400, "Gecersiz sifre sifirlama linki. Lutfen tekrar deneyiniz.")),
    ).toBe("Gecersiz sifre sifirlama linki. Lutfen tekrar deneyiniz.");
    expect(resetPasswordErrorText(err(500))).toBe("Bir hata olustu. Lutfen tekrar deneyiniz.");
  });

  it("reads the token from the query string", () => {
    expect(resetTokenFrom("?token=abc%2B1")).toBe("abc+1");
    expect(resetTokenFrom("?token=")).toBeNull();
    expect(resetTokenFrom("?x=1")).toBeNull();
    expect(resetTokenFrom("")).toBeNull();
  });
});

describe("consent links", () => {
  it("open the legal page with name, e-mail and the date line", () => {
    expect(consentLink(screens.kvkk, { name: "Ali Veli", email: "a+b@c.co" })).toBe(
      `${screens.kvkk}?name=Ali+Veli&email=a%2Bb%40c.co&showDate=true`,
    );
  });
});

describe("after login", () => {
  const origin = "https://app.example";

  it("returns to the page a guard sent the member away from", () => {
    expect(afterLoginPath({ from: screens.notifications }, origin)).toBe(screens.notifications);
    expect(afterLoginPath({ from: `${accountPath("ece")}?x=1#geriBildirimler` }, origin)).toBe(
      `${accountPath("ece")}?x=1#geriBildirimler`,
    );
  });

  it("goes home without a state, for another origin and for the login page itself", () => {
    expect(afterLoginPath(null, origin)).toBe(screens.home);
    expect(afterLoginPath({ from: "//evil.example/x" }, origin)).toBe(screens.home);
    expect(afterLoginPath({ from: "https://evil.example/" }, origin)).toBe(screens.home);
    expect(afterLoginPath({ from: screens.login }, origin)).toBe(screens.home);
  });
});
