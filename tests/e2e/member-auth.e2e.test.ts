/**
 * The member's way in, through the built app and the whole local stack: sign-up in three steps
 * with the code read from the outgoing mail, login with and without 'Oturumum açık kalsın.', and
 * the password reset with the link from the mail — at phone and desktop width, checking the texts
 * on screen and what reached Firestore and Auth.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { screenshot, viewports } from "../support/browser.js";
import {
  createMember,
  latestMailText,
  userRecordByEmail,
  memberSuiteBrowser,
  MEMBER_PASSWORD as PASSWORD,
  openMemberPage,
} from "../support/member-stack.js";

const hosting = inject("stackUrls").hosting!;
const browser = memberSuiteBrowser();

const codeBox = (page: Page, n: number) => page.getByLabel(`Onay kodunun ${n}. hanesi`);
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);

async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData("text", value);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
  }, text);
}

/** A control by its label; a required field's label ends with Mantine's asterisk. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();

async function pick(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe.each([
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const)("member way in at %s width", (name, viewport) => {
  const email = `yeni.uye.${name}@example.com`;
  const typedName = `  ayşe   IŞIK ${name === "phone" ? "telefon" : "masaüstü"} `;
  const titleName = name === "phone" ? "Ayşe Işık Telefon" : "Ayşe Işık Masaüstü";
  let context: BrowserContext | undefined;

  afterAll(async () => {
    await context?.close();
  });

  it("signs up in three steps and lands on the account page", async () => {
    const opened = await openMemberPage(browser(), viewport);
    context = opened.context;
    const { page, errors } = opened;

    await page.goto(`${hosting}/kayit_ol`);
    await page.getByRole("heading", { name: "Kayıt Ol" }).waitFor();
    expect(await page.getByTestId("auth-step").textContent()).toBe("Adım 1-3");
    await page.getByRole("button", { name: "Devam" }).click();
    expect(await page.getByText("Bu alan zorunludur.").count()).toBeGreaterThanOrEqual(1);

    await page.getByLabel("İsim ve Soyisim").fill(typedName);
    await page.getByLabel("E-posta").fill(email);
    await page.getByLabel(/^Şifre( \*)?$/).fill("kisa");
    await page.getByRole("button", { name: "Devam" }).click();
    // sign-up checks only the length, and says only that (docs/product-rules.md#password-reset)
    await page.getByText("Şifre en az 8 karakter olmalıdır.").waitFor();
    await page.getByLabel(/^Şifre( \*)?$/).fill(PASSWORD);
    const before = Date.now() - 1000;
    await screenshot(page, `member-auth-${name}-signup`);
    await page.getByRole("button", { name: "Devam" }).click();

    await page.waitForURL(`${hosting}/onay_kodu`);
    await page.getByRole("heading", { name: "Onay Kodu" }).waitFor();
    expect(await page.getByTestId("auth-step").textContent()).toBe("Adım 2-3");
    await page.getByText(`${email} adresine gönderdiğimiz 6 haneli kodu girin.`).waitFor();
    const mail = await latestMailText(email, before);
    const code = /kodunuz: (\d{6})/.exec(mail)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";

    // typing advances, backspace on an empty box goes back
    await codeBox(page, 1).click();
    await page.keyboard.type("12");
    expect(await codeBox(page, 1).inputValue()).toBe("1");
    expect(await codeBox(page, 2).inputValue()).toBe("2");
    expect(await focusedLabel(page)).toBe("Onay kodunun 3. hanesi");
    await page.keyboard.press("Backspace");
    expect(await focusedLabel(page)).toBe("Onay kodunun 2. hanesi");
    expect(await codeBox(page, 2).inputValue()).toBe("");
    await page.keyboard.type("x");
    expect(await codeBox(page, 2).inputValue()).toBe("");
    await page.getByRole("button", { name: "Onayla" }).click();
    await page.getByText("Lütfen 6 haneli kodun tamamını girin.").waitFor();

    // a wrong code, pasted: every box filled, then the docs/product-rules.md#screen-auth failure
    await pasteInto(page, "Onay kodunun 1. hanesi", wrong);
    for (let n = 1; n <= 6; n++) expect(await codeBox(page, n).inputValue()).toBe(wrong[n - 1]);
    await page.getByRole("button", { name: "Onayla" }).click();
    const alert = page.getByTestId("auth-error");
    await alert.getByText("Kod Doğrulama Başarısız").waitFor();
    await alert.getByText("Onay kodu doğrulama başarısız. Tekrar deneyin.").waitFor();

    await pasteInto(page, "Onay kodunun 4. hanesi", code);
    await screenshot(page, `member-auth-${name}-code`);
    await page.getByRole("button", { name: "Onayla" }).click();

    await page.waitForURL(`${hosting}/kariyer_bilgileri`);
    // a reload forgets the step-1 password; step 3 still ends signed in on the account page
    await page.reload();
    await page.getByRole("heading", { name: "Kariyer Bilgileri" }).waitFor();
    expect(await page.getByTestId("auth-step").textContent()).toBe("Adım 3-3");
    expect(await field(page, "Üyelik tipi").inputValue()).toBe("Junior");
    for (const [link, path] of [
      ["Açık Rıza Metni", "/acik_riza_metni"],
      ["Üyelik ve Kullanıcı Sözleşmesi", "/uyelik_kullanici_sozlesmesi"],
      ["Aydınlatma Metni", "/kvkk"],
    ] as const) {
      const anchor = page.getByTestId("sign-up-career").getByRole("link", { name: link });
      expect(await anchor.getAttribute("target")).toBe("_blank");
      const href = new URL((await anchor.getAttribute("href"))!, hosting);
      expect(href.pathname).toBe(path);
      expect(href.searchParams.get("email")).toBe(email);
      expect(href.searchParams.get("name")).toBe(titleName);
      expect(href.searchParams.get("showDate")).toBe("true");
    }
    await page.getByRole("button", { name: "Kaydımı Tamamla" }).click();
    expect(await page.getByText("Devam etmek için bu onay gereklidir.").count()).toBe(3);
    expect(await page.getByText("Bu alan zorunludur.").count()).toBe(1); // the position

    await pick(page, "Pozisyon", "Frontend Developer");
    await pick(page, "Yetenekler", "React");
    await pick(page, "Yetenekler", "TypeScript");
    await page.keyboard.press("Escape");
    for (const consent of [/Açık Rıza Metni/, /Üyelik ve Kullanıcı Sözleşmesi/, /Aydınlatma/]) {
      await page.getByRole("checkbox", { name: consent }).check();
    }
    await screenshot(page, `member-auth-${name}-career`);
    await page.getByRole("button", { name: "Kaydımı Tamamla" }).click();

    const slug = name === "phone" ? "ayse-isik-telefon" : "ayse-isik-masaustu";
    await page.waitForURL(`${hosting}/hesabim/${slug}`);
    const record = await userRecordByEmail(email);
    expect(record.auth.emailVerified).toBe(true);
    expect(record.profile).toMatchObject({
      name: titleName,
      userName: slug,
      type: "JUNIOR",
      position: { name: "Frontend Developer" },
      profileComplete: true,
    });
    expect((record.profile!.skills as { name: string }[]).map((s) => s.name).sort()).toEqual([
      "React",
      "TypeScript",
    ]);
    expect(record.contact).toMatchObject({ email, isEmailVerified: true });
    expect(record.details!.consents).toMatchObject({
      contractOfUse: true,
      privacyPolicy: true,
      contentPolicy: true,
    });
    // signed in: the pending sign-up is gone and the session persisted
    expect(
      await page.evaluate(() => window.sessionStorage.getItem("platform.member.pendingSignUp")),
    ).toBeNull();
    expect(
      await page.evaluate(() =>
        Object.keys(window.localStorage).some((k) => k.startsWith("firebase:authUser:")),
      ),
    ).toBe(true);

    // a signed-in member with a name is sent from the career step to the account page
    await page.goto(`${hosting}/kariyer_bilgileri`);
    await page.waitForURL(`${hosting}/hesabim/${slug}`);
    const card = page.getByTestId("account-card");
    await card.getByRole("heading", { name: titleName }).waitFor();
    await card.getByText("Frontend Developer").waitFor();
    const contact = page.getByTestId("account-contact");
    await contact.getByText(email).waitFor();
    expect(await contact.getByLabel("Onaylandı").count()).toBe(1);
    await page
      .getByTestId("account-about")
      .getByText("Şimdi bir açıklama ekleyin ve profesyonel hikayenizi paylaşın...")
      .waitFor();
    expect(await page.getByTestId("account-social").innerText()).toContain("--");
    await page.getByTestId("account-skills").getByText("React").waitFor();
    await page.getByTestId("account-survey").waitFor();
    await screenshot(page, `member-auth-${name}-account`);

    // 'Çıkış Yap' ends the session and opens the login page
    await page.getByRole("button", { name: "Çıkış Yap" }).click();
    await page.waitForURL(`${hosting}/giris_yap`);
    expect(
      await page.evaluate(() =>
        Object.keys(window.localStorage).some((k) => k.startsWith("firebase:authUser:")),
      ),
    ).toBe(false);
    await page.goto(`${hosting}/hesabim/${slug}`);
    await page.waitForURL(`${hosting}/giris_yap`);
    expect(errors).toEqual([]);
  });

  it("logs in: wrong password, show/hide, 'Oturumum açık kalsın.' chooses where the session lives", async () => {
    const memberEmail = `giris.${name}@example.com`;
    await createMember({ name: `Giriş ${name}`, email: memberEmail, password: PASSWORD });

    for (const remember of [false, true]) {
      const { context: ctx, page, errors } = await openMemberPage(browser(), viewport);
      await page.goto(`${hosting}/giris_yap`);
      await page.getByRole("heading", { name: "Giriş Yap" }).waitFor();
      await page.getByLabel("E-posta").fill(memberEmail);
      const password = page.getByLabel(/^Şifre( \*)?$/);
      await password.fill("Yanlis-Sifre-1");
      await page.getByRole("button", { name: "Giriş yap" }).click();
      await page
        .getByTestId("auth-error")
        .getByText("Lütfen e-posta ve şifrenizi kontrol ediniz")
        .waitFor();

      expect(await password.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Şifreyi göster" }).click();
      expect(await password.getAttribute("type")).toBe("text");
      await page.getByRole("button", { name: "Şifreyi gizle" }).click();
      expect(await password.getAttribute("type")).toBe("password");

      await password.fill(PASSWORD);
      if (remember) await page.getByRole("checkbox", { name: "Oturumum açık kalsın." }).check();
      expect(await page.getByRole("link", { name: "Şifremi unuttum?" }).getAttribute("href")).toBe(
        "/sifre_yenileme",
      );
      await screenshot(page, `member-auth-${name}-login-${remember ? "remember" : "session"}`);
      await page.getByRole("button", { name: "Giriş yap" }).click();
      await page.waitForURL(`${hosting}/`);

      const stored = await page.evaluate(() => ({
        local: Object.keys(window.localStorage).some((k) => k.startsWith("firebase:authUser:")),
        session: Object.keys(window.sessionStorage).some((k) => k.startsWith("firebase:authUser:")),
      }));
      expect(stored).toEqual(
        remember ? { local: true, session: false } : { local: false, session: true },
      );
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it("resets the password with the mailed link", async () => {
    const memberEmail = `sifre.${name}@example.com`;
    await createMember({ name: `Şifre ${name}`, email: memberEmail, password: PASSWORD });
    const { context: ctx, page, errors } = await openMemberPage(browser(), viewport);

    await page.goto(`${hosting}/giris_yap`);
    await page.getByRole("link", { name: "Şifremi unuttum?" }).click();
    await page.waitForURL(`${hosting}/sifre_yenileme`);
    // The navigation is a transition: the login form (which has an "E-posta" field too) stays on
    // screen until the reset screen's module has loaded, so wait for the reset screen itself.
    const resetScreen = page.getByTestId("reset-request");
    await resetScreen.waitFor();
    await resetScreen.getByLabel("E-posta").fill(`yok.${name}@example.com`);
    await page.getByRole("button", { name: "Gönder" }).click();
    await page
      .getByTestId("auth-error")
      .getByText("E-posta adresi hatali veya sistemde kayitli degil.")
      .waitFor();

    const before = Date.now() - 1000;
    await page.getByLabel("E-posta").fill(memberEmail);
    await page.getByRole("button", { name: "Gönder" }).click();
    const popup = page.getByRole("dialog");
    await popup.getByText("Lutfen e-posta kutunuzu kontrol ediniz.").waitFor();
    expect(await popup.getByRole("button").count()).toBe(0);
    await screenshot(page, `member-auth-${name}-reset-sent`);

    const mail = await latestMailText(memberEmail, before);
    const link = new URL(/(http\S+yeni_sifre_belirle\?token=\S+)/.exec(mail)![1]!);
    await page.goto(`${hosting}/yeni_sifre_belirle?token=${"x"}`);
    await page.getByLabel("Yeni şifre").fill("Yeni-Sifre-2026");
    await page.getByRole("button", { name: "Onayla" }).click();
    await page
      .getByTestId("auth-error")
      .getByText("Gecersiz sifre sifirlama linki. Lutfen tekrar deneyiniz.")
      .waitFor();

    await page.goto(`${hosting}${link.pathname}${link.search}`);
    await page.getByLabel("Yeni şifre").fill("kisa");
    await page.getByRole("button", { name: "Onayla" }).click();
    await page
      .getByText("Sifre en az 8 karakter, bir buyuk harf ve bir rakam icermelidir.")
      .first()
      .waitFor();
    await page.getByLabel("Yeni şifre").fill("Yeni-Sifre-2026");
    await page.getByRole("button", { name: "Onayla" }).click();
    const done = page.getByRole("dialog");
    await done.getByText("Sifreniz basariyla guncellendi.").waitFor();
    await screenshot(page, `member-auth-${name}-reset-done`);
    await done.getByRole("link", { name: "Giriş Yap" }).click();
    await page.waitForURL(`${hosting}/giris_yap`);

    const login = page.getByTestId("login");
    await login.getByLabel("E-posta").fill(memberEmail);
    await login.getByLabel(/^Şifre( \*)?$/).fill("Yeni-Sifre-2026");
    await login.getByRole("button", { name: "Giriş yap" }).click();
    await page.waitForURL(`${hosting}/`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("without a pending sign-up the code step sends back to step 1, and a missing reset token is an error", async () => {
    const { context: ctx, page } = await openMemberPage(browser(), viewport);
    await page.goto(`${hosting}/onay_kodu`);
    await page.waitForURL(`${hosting}/kayit_ol`);
    await page.goto(`${hosting}/yeni_sifre_belirle`);
    await page
      .getByTestId("auth-error")
      .getByText("Gecersiz sifre sifirlama linki. Lutfen tekrar deneyiniz.")
      .waitFor();
    await ctx.close();
  });
});
